"""Training entry points: MaskablePPO self-play, opponent pool, evaluation."""
