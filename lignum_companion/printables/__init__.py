"""What the program prints on paper: the score sheet, the round reference, the results sheet, and their fonts."""
