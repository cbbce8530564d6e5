"""``python -m solver.cli``: the ``ghostwriter`` command."""

from solver.cli.main import main

if __name__ == "__main__":  # the service's search workers import the main module again (multiprocessing)
    raise SystemExit(main())
