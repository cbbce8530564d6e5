"""The learned evaluation: each seat's chance to win from a few numbers about the seat (its features), as a
conditional logit (McFadden's choice model, the multinomial logistic over seats): seat i scores ``w . x_i`` and its
chance is the softmax of the scores over the table. One set of weights serves 2, 3 and 4 seats, features that are
the same for every seat cancel, and the chances always sum to 1.

The weights are fitted by Newton's method on the winners of self-play games (``fit``, with a small L2 penalty) and
shipped as JSON beside the cards (``solver/data/win-*.json``); ``load`` reads them back. The fit, the data and the
calibration figures come from ``benchmarks/win_model.py``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from solver.files import write_text

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class WinModel:
    """Weights over named features; ``chances`` of an (seats x features) matrix."""

    game: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    note: str = ""

    def scores(self, x: Matrix) -> Matrix:
        return x @ np.asarray(self.weights, dtype=np.float64)

    def chances(self, x: Matrix) -> list[float]:
        """Each seat's chance to win (rows of ``x`` are the seats, columns ``features``)."""
        return softmax(self.scores(x))

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "features": list(self.features), "weights": list(self.weights), "note": self.note}

    @staticmethod
    def from_json(data: dict[str, Any]) -> WinModel:
        features = tuple(str(f) for f in data["features"])
        weights = tuple(float(w) for w in data["weights"])
        if len(features) != len(weights):
            raise ValueError("a win model needs one weight per feature")
        return WinModel(str(data["game"]), features, weights, str(data.get("note", "")))


def softmax(s: Matrix) -> list[float]:
    top = float(np.max(s))
    e = [math.exp(float(v) - top) for v in s]
    total = sum(e)
    return [v / total for v in e]


def fit(tables: list[Matrix], winners: list[int], l2: float = 1e-3, steps: int = 50) -> Matrix:
    """The weights that make the winners likeliest: ``tables[k]`` is one state's (seats x features) matrix,
    ``winners[k]`` the seat that won that game. Newton's method on the mean log-likelihood, penalised by ``l2``."""
    width = tables[0].shape[1]
    w = np.zeros(width)
    for _ in range(steps):
        grad = -l2 * w
        hess = -l2 * np.eye(width)
        for x, k in zip(tables, winners, strict=True):
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += (x[k] - mean) / len(tables)
            centred = x - mean
            hess -= (centred.T * p) @ centred / len(tables)
        step = np.linalg.solve(hess, grad)
        w = w - step
        if float(np.abs(step).max()) < 1e-9:
            break
    return w


def brier(tables: list[Matrix], winners: list[int], model: WinModel) -> float:
    """The mean squared error of the chances against the outcome, summed over seats (0 is perfect)."""
    total = 0.0
    for x, k in zip(tables, winners, strict=True):
        p = model.chances(x)
        total += sum((q - (1.0 if i == k else 0.0)) ** 2 for i, q in enumerate(p))
    return total / max(1, len(tables))


_LOADED: dict[str, WinModel] = {}


def load(game: str, purpose: str = "win") -> WinModel:
    """The shipped model of ``game`` (hardback or paperback), read once: ``win`` for estimates (the chances shown,
    fitted for calibration), ``plan`` for the planner's judging (only features a planner cannot exploit; the
    estimates' model where a game has no model of its own for planning)."""
    key = f"{purpose}-{game}"
    if key not in _LOADED:
        data = resources.files("solver").joinpath("data", f"{key}.json")
        if not data.is_file():
            data = resources.files("solver").joinpath("data", f"win-{game}.json")
        _LOADED[key] = WinModel.from_json(json.loads(data.read_text(encoding="utf-8")))
    return _LOADED[key]


def save(model: WinModel, path: Path) -> None:
    """Write the model's JSON whole or not at all (``solver.files``)."""
    write_text(path, json.dumps(model.to_json(), indent=1) + "\n", "the win model")
