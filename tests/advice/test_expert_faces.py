"""The expert in every face: ``play --bots expert`` in both games, tournaments with the expert (the same seed, the
same games; a Dask cluster plays the same games as this process), the service's ``bot/move`` for both games."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solver.cli.options import Parser
from solver.cli.play import add_parser, run
from solver.game.hardback.options import GameOptions
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck
from solver.tournament import run_tournament
from solver.tournament.paperback import PaperbackPlay
from solver.tournament.runner import shipped_lexicon


class Typist:
    """Answers the prompt as a person who passes every word and ends every turn at once (the bots do the playing)."""

    def __init__(self, out: io.StringIO, limit: int = 300) -> None:
        self.out, self.typed, self.limit = out, 0, limit

    def readline(self) -> str:
        self.typed += 1
        if self.typed > self.limit:
            return ""
        prompt = self.out.getvalue().rstrip().rsplit("\n", 1)[-1]
        if "(over)>" in prompt:
            return "quit\n"
        if "(word)>" in prompt or "(prepare)>" in prompt:
            return "pass\n"
        if "(choices)>" in prompt:
            return "skip\n"
        return "end\n"


def play(argv: list[str], lexicon: Lexicon) -> str:
    parser = Parser(prog="ghostwriter")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    out = io.StringIO()
    code = run(parser.parse_args(["play", *argv]), Typist(out), out, lexicon=lexicon)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    return text


def test_play_hardback_against_the_expert(enable: Lexicon) -> None:
    text = play(["--bots", "expert", "--seed", "4", "--target", "10"], enable)
    assert re.search(r"^expert: spelled [A-Z]+", text, re.M) and "Final scores" in text
    assert "Traceback" not in text


def test_play_paperback_against_the_expert(enable: Lexicon) -> None:
    text = play(["--game", "paperback", "--bots", "expert", "--seed", "4"], enable)
    assert re.search(r"^expert: spelled [A-Z]+", text, re.M) and "Final scores" in text


def _plain(records: list[Any]) -> list[tuple[Any, ...]]:
    return [(r.seed, tuple(r.seats), tuple(r.prestige), r.winner, r.turns) for r in records]


def test_a_hardback_tournament_with_the_expert_replays_and_a_cluster_plays_the_same_games() -> None:
    options = replace(GameOptions(), target=10)
    first = run_tournament(["expert", "hard"], 2, 3, options=options, workers=1, lexicon=shipped_lexicon)
    again = run_tournament(["expert", "hard"], 2, 3, options=options, workers=1, lexicon=shipped_lexicon)
    assert _plain(first.records) == _plain(again.records)
    assert {s for r in first.records for s in r.seats} == {"expert", "hard"}
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        processes=False, n_workers=1, threads_per_worker=1, protocol="tcp://", dashboard_address=None
    ) as cluster:
        remote = run_tournament(
            ["expert", "hard"], 2, 3, options=options, cluster=cluster.scheduler_address, lexicon=shipped_lexicon
        )
    assert _plain(remote.records) == _plain(first.records)


def test_a_paperback_game_with_the_expert_replays(enable: Lexicon) -> None:
    table = PaperbackPlay.of(house_deck())
    a = table(["expert", "hard"], 5, None, enable)
    b = table(["expert", "hard"], 5, None, enable)
    assert (a.prestige, a.turns, a.winner) == (b.prestige, b.turns, b.winner) and a.turns > 2


def test_the_tournament_command_takes_the_expert_in_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    from solver.cli.tournament import bot_names

    assert "expert" in bot_names("hardback") and "expert" in bot_names("paperback")


@pytest.mark.parametrize("game", ["hardback", "paperback"])
def test_the_service_bot_move_plays_the_expert(client: TestClient, game: str) -> None:
    body: dict[str, Any] = {"seed": 3, "options": {"players": 2, **({"target": 20} if game == "hardback" else {})}}
    dealt = client.post(f"/v1/{game}/game/new", json=body).json()
    moves = [client.post(f"/v1/{game}/bot/move", json={"game": dealt["game"], "bot": "expert"}) for _ in range(2)]
    assert all(m.status_code == 200 for m in moves), moves[0].text
    first, second = (m.json() for m in moves)
    assert first["bot"] == "expert" and first["actions"] and first["actions"] == second["actions"]
    assert first["game"] == second["game"]


def _typed(argv: list[str], lines: list[str], lexicon: Lexicon) -> str:
    parser = Parser(prog="ghostwriter")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    out = io.StringIO()
    typed = io.StringIO("".join(f"{x}\n" for x in lines))
    assert run(parser.parse_args(["play", *argv]), typed, out, lexicon=lexicon) == 0
    return out.getvalue()


def test_play_s_hint_says_the_expert_s_suggestion_with_its_chance(enable: Lexicon) -> None:
    text = _typed(["--bots", "hard", "--seed", "3", "--target", "10"], ["hint 2", "quit"], enable)
    assert re.search(r"the expert would (spell [A-Z]+|draw with ink|ink|pass)", text), text[-1500:]
    assert re.search(r"a chance to win of \d+% ± \d+", text) or "the expert would ink" in text
    text = _typed(["--game", "paperback", "--bots", "hard", "--seed", "3"], ["hint 2", "quit"], enable)
    assert re.search(r"the expert would (spell [A-Z]+|pass) next", text), text[-1500:]
