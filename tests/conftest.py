"""Test-wide settings: a text missing from a translation is an error here, not a quiet English fallback.

Parsed templates are cached in a folder of this test run (texts.py), not in the user's cache folder, so the
templates of temporary folders made by tests never land there.
"""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("LIGNUM_STRICT_TEXTS", "1")
if "LIGNUM_TEXT_CACHE" not in os.environ:
    os.environ["LIGNUM_TEXT_CACHE"] = tempfile.mkdtemp(prefix="lignum-text-cache-")
    atexit.register(shutil.rmtree, os.environ["LIGNUM_TEXT_CACHE"], ignore_errors=True)
