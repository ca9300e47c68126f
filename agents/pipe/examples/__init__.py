"""Example bots that speak the bot protocol (run as programs, not imported)."""
