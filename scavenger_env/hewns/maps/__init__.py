"""The bundled Hewns maps, one JSON file each (package data, read by
`scavenger_env.hewns.engine.mapfile`; the format is on the docs' map page)."""
