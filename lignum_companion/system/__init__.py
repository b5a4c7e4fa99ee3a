"""What the program needs of the machine, knowing nothing of the game or its texts: whole-or-nothing writes."""
