"""The games' engines: ``hardback`` and ``paperback``, each a rule set, and what is common to both (``record``)."""
