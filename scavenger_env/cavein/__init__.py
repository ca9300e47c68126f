"""Star Scrappers: Cave-In — rules engine, simulation and (later) the PettingZoo env."""
