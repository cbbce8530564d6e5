"""Where the test data lives."""

from pathlib import Path

DATA = Path(__file__).parent / "data"
