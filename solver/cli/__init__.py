"""The ``ghostwriter`` command: ``main`` builds the parser from one module per command (``hint``, ``cards``,
``serve``, ``dictionaries``, ``ink``, ``play``, ``tournament``) over ``options``, what they share."""
