"""``python -m solver.cli``: the ``ghostwriter`` command."""

from solver.cli.main import main

raise SystemExit(main())
