"""``ghostwriter tournament --game paperback``: the house deck, a table's own deck, a bad deck refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli.main import main
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck
from solver.tournament.paperback import PaperbackPlay

HOUSE = Path(__file__).resolve().parents[2] / "solver" / "data" / "paperback-house-deck.json"


def test_same_seed_same_game(enable: Lexicon) -> None:
    play = PaperbackPlay.of(house_deck())
    a = play(["greedy", "hard"], 5, None, enable)
    b = play(["greedy", "hard"], 5, None, enable)
    assert (a.prestige, a.turns, a.winner) == (b.prestige, b.turns, b.winner)
    assert a.extra["cut"] == [0, 0]  # every search exact: the game does not depend on the machine's speed


def test_tournament_on_the_house_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "tournament",
            "--game",
            "paperback",
            "--bots",
            "greedy,hard",
            "--games",
            "20",
            "--seed",
            "1",
            "--json",
            "--quiet",
            "--workers",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    report = json.loads(out)
    assert report["tournament"]["deck"]["invented"] is True
    hard = report["bots"]["hard"]
    assert hard["games"] == 20 and 0 <= hard["ci95"][0] <= hard["win_rate"] <= hard["ci95"][1] <= 1
    searches = report["searches"]
    assert searches["words"] > 0 and searches["proven"] == searches["words"]  # every move played proven best


def test_a_table_deck_loads_the_same_way(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(HOUSE.read_text(encoding="utf-8"))
    data.update(name="our box", invented=False)
    path = tmp_path / "box.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    code = main(
        [
            "tournament",
            "--game",
            "paperback",
            "--deck",
            str(path),
            "--bots",
            "greedy,hard",
            "--games",
            "4",
            "--json",
            "--quiet",
            "--workers",
            "1",
        ]
    )
    assert code == 0
    assert json.loads(capsys.readouterr().out)["tournament"]["deck"]["name"] == "our box"


def test_a_bad_deck_is_refused_with_line_and_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = HOUSE.read_text(encoding="utf-8").replace('"abilities": ["copy"]', '"abilities": ["peek"]')
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    code = main(["tournament", "--game", "paperback", "--deck", str(path), "--bots", "greedy,hard", "--games", "2"])
    err = capsys.readouterr().err
    line = next(i for i, x in enumerate(text.splitlines(), 1) if '"peek"' in x)
    assert code == 2
    assert f"line {line}:" in err and "'peek' is not in the vocabulary" in err
    assert len(err.strip().splitlines()) == 1


def test_hardback_bots_and_flags_are_refused_for_paperback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "paperback", "--bots", "medium,hard", "--games", "2"]) == 2
    assert "unknown bot 'medium'" in capsys.readouterr().err
    assert main(["tournament", "--game", "paperback", "--bots", "greedy,hard", "--target", "80"]) == 2
    assert "Hardback table option" in capsys.readouterr().err
    assert main(["tournament", "--bots", "greedy,hard", "--deck", "x.json"]) == 2
    assert "--game paperback" in capsys.readouterr().err


@pytest.mark.slow
def test_hard_beats_greedy_in_sixty_percent_of_a_thousand_mirrored_games(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "tournament",
            "--game",
            "paperback",
            "--bots",
            "greedy,hard",
            "--games",
            "1000",
            "--seed",
            "1",
            "--json",
            "--quiet",
        ]
    )
    assert code == 0
    hard = json.loads(capsys.readouterr().out)["bots"]["hard"]
    assert hard["games"] == 1000 and hard["win_rate"] >= 0.6


def test_a_tournament_with_every_expansion(enable: Lexicon, capsys: pytest.CaptureFixture[str]) -> None:
    play = PaperbackPlay.of(house_deck(), attacks=True, powers=True, award=True, theme=True)
    a, b = play(["greedy", "hard"], 5, None, enable), play(["greedy", "hard"], 5, None, enable)
    assert (a.prestige, a.turns, a.extra["expansions"]) == (b.prestige, b.turns, b.extra["expansions"])
    assert {r["card"].split()[0] for r in a.extra["expansions"]} >= {"award", "theme"}
    flags = ["--attacks", "--player-powers", "--award-card", "--theme-card"]
    argv = ["tournament", "--game", "paperback", "--bots", "greedy,hard", "--games", "2", "--json", "--quiet"]
    assert main([*argv, "--workers", "1", *flags]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tournament"]["options"]["attacks"] is True and report["tournament"]["options"]["theme"] is True
