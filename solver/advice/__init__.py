"""Advice built on the expert, for both games through the game protocol: each seat's chance to win (``chances``),
the expert's next action with the chance it leads to (``suggest``), and the review's win objective (``review``)."""
