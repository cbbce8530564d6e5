"""Where the test data lives."""

from pathlib import Path

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent  # the project's tree
