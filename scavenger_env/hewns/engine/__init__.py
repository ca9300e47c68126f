"""The pure rules engine of Hewns (plain typed Python, to be compiled by mypyc)."""
