"""Krysis: five rounds of blind bids, secret team building and raids in a mine."""
