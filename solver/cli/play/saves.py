"""A play session's saves: each written whole or not at all (``solver.files``), and the failures remembered, so a
game whose save could not be written says so at once, keeps the last good save, and ends with a non-zero exit."""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.files import FileError, WriteError, write_text


@dataclass
class Saves:
    """The saves a session has written: the paths whose last save failed, with the reason."""

    failed: dict[str, str] = field(default_factory=dict)

    def write(self, path: str, text: str) -> str | None:
        """Write a save; None when it is written, else the one-line reason (the file there is left as it was)."""
        try:
            write_text(path, text, "save to")
        except FileError as e:
            self.failed[path] = str(e)
            return str(e)
        self.failed.pop(path, None)
        return None

    def check(self) -> None:
        """At the session's end: a ``WriteError`` (exit 74) when a save's last write failed, naming it."""
        if self.failed:
            why = next(reversed(self.failed.values()))
            more = f" (and {len(self.failed) - 1} other save(s))" if len(self.failed) > 1 else ""
            raise WriteError(f"the game was not saved in full{more}: {why}")
