"""The verbs' handlers, one module per part of the game; engine/rules.py gathers them into one table."""
