"""Reading a file the program keeps for itself (the games folder's side files, the text cache): a regular file
only, never through a link, never waited on as a pipe, and never more than a cap, so a name planted in our own
folders can neither hang a command nor fill its memory."""

from __future__ import annotations

import os
import stat

# Opening to read without waiting (a pipe put at a name must never hang us), as bytes on Windows too; and the
# flag that refuses to follow a link, where the system has it.
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def read_regular(path: str | os.PathLike[str], cap: int) -> bytes | None:
    """The bytes of the regular file at `path`, or None when it is missing, unreadable, a link (not followed),
    a pipe, a device or a folder (never waited on), or larger than `cap` bytes (never read past the cap)."""
    try:
        fd = os.open(path, READ_FLAGS | NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > cap:
            return None
        chunks: list[bytes] = []
        got = 0
        while got <= cap:  # a file that grows while it is read is still never read past the cap
            chunk = os.read(fd, min(cap + 1 - got, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks) if got <= cap else None
    except OSError:
        return None
    finally:
        os.close(fd)
