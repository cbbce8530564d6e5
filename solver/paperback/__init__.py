"""Paperback: its cards, its turn state and its rule set, searched over the same lexicon as Hardback."""
