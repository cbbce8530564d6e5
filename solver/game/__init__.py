"""The engine: a whole game of Hardback by the printed rulebook and its options.

``actions`` is the protocol (one typed action a kind, with its JSON form); ``engine`` applies an action by handing it
to its phase (``prepare``, ``spell``, ``powers``, ``choices``, ``buying``, ``turn``); ``state`` and ``validate`` are a
game's state and its full check; ``options``, ``events``, ``rules``, ``setup``, ``table``, ``view``, ``coop`` and
``record`` the rest.
"""
