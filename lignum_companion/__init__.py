"""Lignum Companion: a rules referee and bookkeeper for tables playing the board game Lignum."""
