"""The shipped policy files: `{game}-{num_players}p.npz` (see `agents.ppo.policy`),
played by `ppo` when no `model=` is given."""
