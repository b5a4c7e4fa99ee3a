"""The command line: typer commands, the process entry point, --lang and the help texts in each language."""
