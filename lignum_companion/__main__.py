"""`python -m lignum_companion` runs the `lignum` command."""

from lignum_companion.cli.entry import main

if __name__ == "__main__":
    main()
