"""Hardback's engine: a whole game by the printed rulebook and its options.

``actions`` holds the game's actions (one typed value a kind, with its JSON form); ``engine`` applies an action by
handing it to its phase (``prepare``, ``spell``, ``powers``, ``choices``, ``buying``, ``turn``); ``state`` and
``validate`` are a game's state and its full check; ``options``, ``events``, ``rules``, ``setup``, ``table``,
``view``, ``coop``, ``replay`` and ``narrate`` the rest.
"""
