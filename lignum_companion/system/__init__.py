"""What the program needs of the machine, knowing nothing of the game or its texts: whole-or-nothing writes, and
reads of its own files that never follow a link, wait on a pipe or read past a cap."""
