"""`python -m lignum_companion` runs the `lignum` command."""

from .entry import main

if __name__ == "__main__":
    main()
