"""Hardback's rules as values and pure functions.

``cards`` and ``genres`` (a card's facts and code), ``benefits`` (the benefit table: every kind's notation, words and
resolution), ``catalogue`` (the box, by rules edition), ``state`` (a turn state), ``objectives`` (what best means),
``profile`` (each card of a turn read once), ``resolve`` (a placement's best resolution), ``outcome`` (its typed
parts and totals), ``explain`` (the same in words), ``moves`` (a move as an answer), ``arrangement`` (a played
word's layout read back).
"""
