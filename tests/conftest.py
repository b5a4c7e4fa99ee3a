"""Test-wide settings: a text missing from a translation is an error here, not a quiet English fallback."""

import os

os.environ.setdefault("LIGNUM_STRICT_TEXTS", "1")
