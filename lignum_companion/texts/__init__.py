"""Text shown to people: each language's templates, the engine's codes in words, refusals worded, width, colour."""
