"""Game-balance research on tournament records: tables with confidence
intervals (`frames`, `estimates`), the skill gradient (`skill`), and rule
variants compared (`variants`). Needs the `balance` extra (pandas, scipy)."""
