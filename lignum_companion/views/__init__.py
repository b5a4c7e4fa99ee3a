"""What clients show, as data and lines: one game's screens, the calculators, the rules lookup, results across games."""
