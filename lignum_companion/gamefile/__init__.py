"""The game file on disk: its format, replay, the lock and the atomic save, the games folder and its side files."""
