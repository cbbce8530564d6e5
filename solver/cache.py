"""Where Ghostwriter keeps what it builds once: compiled lexicons and downloaded word-list sources."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """Where compiled lexicons are kept: $GHOSTWRITER_CACHE, else the user cache folder."""
    env = os.environ.get("GHOSTWRITER_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ghostwriter"
