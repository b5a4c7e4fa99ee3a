"""Development tools: the game simulator and the state invariants it checks (not used by the commands)."""
