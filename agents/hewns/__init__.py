"""Hewns bots."""
