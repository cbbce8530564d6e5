"""How often the fast Hardback search agrees with the brute-force oracle at the first move and the top 3.

    .venv/bin/python benchmarks/oracle_agreement.py --states 1000        # about 15 minutes on one core

The property tests' random turn states (``tests/search/test_search_vs_oracle.py``, up to 6 cards) over random samples
of the worked examples' word list, each objective in turn; for each state every word's best placement is
compared with the oracle's, then the search's top 1 and top 3 with the oracle's ranking (the tests' ``check``).
Unlike the test, a disagreement is counted and the run goes on. Prints the counts and the states that disagree.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the installed package first (its compiled kernel), else the sources
sys.path.insert(0, str(ROOT / "tests"))

from solver.hardback.objectives import Objective  # noqa: E402

from oracle_cases import check, states, word_sample  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--states", type=int, default=1000)
    ap.add_argument("--words", type=int, default=200)
    ap.add_argument("--max-hand", type=int, default=6)
    args = ap.parse_args()
    compared: list[str] = []
    disagreements: list[tuple[dict[str, Any], str, str]] = []

    @settings(
        max_examples=args.states,
        database=None,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(states(max_hand=args.max_hand), st.integers(0, 10**6), st.sampled_from(list(Objective)))
    def compare(state: dict[str, Any], seed: int, objective: Objective) -> None:
        compared.append(objective.value)
        try:
            check(state, word_sample(seed, args.words), objective)
        except AssertionError as e:
            disagreements.append((state, objective.value, str(e)[:300]))

    start = time.monotonic()
    compare()
    by_objective = {o.value: compared.count(o.value) for o in Objective}
    print(
        f"{len(compared)} random states (at most {args.max_hand} cards, {args.words} words each; by objective "
        f"{by_objective}): the first move and the top 3 compared with the oracle, {len(disagreements)} "
        f"disagreements ({time.monotonic() - start:.0f} s)"
    )
    for state, objective, why in disagreements:
        print(objective, state, why)


if __name__ == "__main__":
    main()
