"""`python -m lignum_companion` runs the `lignum` command."""

from .cli import main

main()
