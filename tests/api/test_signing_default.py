"""Game states signed by default (issue 30): a key made on the first start and kept in the data folder (its
owner's only, never replaced), the same key on every later start, an unsigned or altered state refused, the API
document's examples signed with it; unsigned states only with ``--unsigned-states``."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from attack_helpers import post as live_post
from fastapi.testclient import TestClient

from service.main import create_app
from service.settings import Settings, SettingsError
from service.signing import kept_key
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.lexicon import default_lexicon

from helpers import post
from live_server import live_server


def test_the_key_is_made_once_kept_for_its_owner_and_read_again(tmp_path: Path) -> None:
    path = tmp_path / "data" / "state-key"
    key = kept_key(str(path))
    assert len(key) == 64 and path.read_text().strip() == key
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert kept_key(str(path)) == key  # never replaced
    assert [p.name for p in path.parent.iterdir()] == ["state-key"]  # no temporary file left


def test_a_short_kept_key_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state-key"
    path.write_text("short\n")
    with pytest.raises(Exception, match="remove it"):
        kept_key(str(path))


def test_states_are_signed_by_default_and_unsigned_ones_refused(tmp_path: Path) -> None:
    settings = Settings(tables=str(tmp_path / "tables.sqlite3"))
    assert settings.state_key_file == str(tmp_path / "state-key")
    with TestClient(create_app(settings)) as first:
        status, out = post(first, "/v1/paperback/game/new", {"options": {"players": 2}, "seed": 4})
        game = out["game"]
        assert status == 200 and game["signature"].startswith("hmac-sha256:")
        unsigned = {k: v for k, v in game.items() if k != "signature"}
        status, out = post(first, "/v1/paperback/game/action", {"game": unsigned, "action": {"action": "pass"}})
        assert status == 422 and out["field"] == "game.signature" and "unsigned" in out["error"]
        forged = {**game, "turn": 5}
        status, out = post(first, "/v1/paperback/bot/move", {"game": forged})
        assert status == 422 and out["field"] == "game.signature" and "altered" in out["error"]
    assert (tmp_path / "state-key").exists()
    with TestClient(create_app(settings)) as restarted:  # the same key after a restart: the state plays on
        status, out = post(restarted, "/v1/paperback/game/action", {"game": game, "action": {"action": "pass"}})
        assert status == 200, out


def test_unsigned_states_only_with_the_flag(tmp_path: Path) -> None:
    settings = Settings.from_env({"GHOSTWRITER_UNSIGNED_STATES": "1", "GHOSTWRITER_TABLES": str(tmp_path / "t.db")})
    assert settings.unsigned_states and Settings.from_env({}).unsigned_states is False
    with pytest.raises(SettingsError, match="use 1 or 0"):
        Settings.from_env({"GHOSTWRITER_UNSIGNED_STATES": "perhaps"})
    with TestClient(create_app(settings)) as c:
        status, out = post(c, "/v1/hardback/game/new", {"options": {"players": 2}, "seed": 4})
        assert status == 200 and "signature" not in out["game"]
        status, out = post(c, "/v1/hardback/bot/move", {"game": out["game"], "bot": "easy"})
        assert status == 200, out
    assert not (tmp_path / "state-key").exists()  # no key made when none is used


def test_the_api_documents_game_examples_are_signed(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    games = [s["example"]["game"] for s in schemas.values() if isinstance(s.get("example", {}).get("game"), dict)]
    assert games and all(g["signature"].startswith("hmac-sha256:") for g in games)
    status, out = post(client, "/v1/hardback/bot/move", schemas["BotMoveIn"]["example"])
    assert status == 200, out


def test_serve_takes_unsigned_states_only_with_its_flag(tmp_path: Path) -> None:
    ghostwriter = [os.path.join(os.path.dirname(sys.executable), "ghostwriter"), "serve"]
    env = {"GHOSTWRITER_TABLES": str(tmp_path / "tables.sqlite3")}
    built = {"game": Game.new(GameOptions(), 3, default_lexicon()).to_json(), "bot": "easy"}
    with live_server([*ghostwriter, "--unsigned-states"], env=env) as base:
        status, out, _, _ = live_post(base + "/v1/hardback/bot/move", built)
        assert status == 200 and "signature" not in out["game"], out
    with live_server(ghostwriter, env=env) as base:
        status, out, _, _ = live_post(base + "/v1/hardback/bot/move", built)
        assert status == 422 and out["field"] == "game.signature", out
    assert (tmp_path / "state-key").exists()
    done = subprocess.run([*ghostwriter, "--unsigned-states", "--state-key", "k" * 20], capture_output=True, text=True)
    assert done.returncode == 2 and "not both" in done.stderr
