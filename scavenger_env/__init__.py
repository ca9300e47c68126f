"""scavenger_env: multi-agent environments for Star Scrappers board games."""

__version__ = "0.1.0"
