"""Tamper-proof games: the service signs every game state it returns and refuses one that was altered or carries
no signature. The key is the host's (``serve --state-key``, ``--state-key-file``, ``GHOSTWRITER_STATE_KEY``), else
one made on the first start and kept (``kept_key``: ``state-key`` in the service's data folder, beside the tables'
SQLite file, readable by its owner only); every later start, and every worker process of the server, reads the
same one. Unsigned states only with ``--unsigned-states`` (``GHOSTWRITER_UNSIGNED_STATES=1``): then nothing is
signed or checked, for a client with an engine of its own that sends states the service never wrote.

The service keeps no games, so a client holds the state between requests; a signature lets the host trust it
anyway. It is an HMAC-SHA256, under the key, of the state's canonical JSON (keys sorted, no spaces, ASCII), and
travels inside the game object as ``"signature": "hmac-sha256:HEX"``, beside the fields it signs, so clients read
the state as before and send it back whole. A signature proves the service wrote the state, not that it is the
latest one: a client can still send an older state it was given (the service keeps nothing to compare with); the
tables the service holds (``service.routers.tables``) show a seat its own view only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

from service.errors import FieldError
from solver.files import WriteError, read_text, write_text

KEY_BYTES = 32  # a key made on first start: 64 hex digits

SIGNATURE = "signature"  # the field of the game object that holds it
SCHEME = "hmac-sha256:"
FIELD = f"game.{SIGNATURE}"


def canonical(game: dict[str, Any]) -> bytes:
    """The bytes a signature covers: the game object without its signature, as canonical JSON."""
    body = {k: v for k, v in game.items() if k != SIGNATURE}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()


def signature(game: dict[str, Any], key: str) -> str:
    return SCHEME + hmac.new(key.encode(), canonical(game), hashlib.sha256).hexdigest()


def sign(game: dict[str, Any], key: str) -> dict[str, Any]:
    """The game object with its signature (none without a key)."""
    if not key:
        return game
    return {**{k: v for k, v in game.items() if k != SIGNATURE}, SIGNATURE: signature(game, key)}


def verify(game: dict[str, Any], key: str, start: str = "/v1/hardback/game/new") -> None:
    """Nothing when there is no key or the signature matches; a ``FieldError`` naming ``game.signature`` when the
    state is unsigned or was altered after the service signed it (``start``: the route that deals a game)."""
    if not key:
        return
    given = game.get(SIGNATURE)
    if given is None:
        raise FieldError(
            FIELD,
            f"{FIELD}: the game state is unsigned; this service signs the states it returns and plays on only from "
            f"those (start with POST {start} and send back each state as it was returned)",
        )
    try:
        expected = signature(game, key)
    except (ValueError, RecursionError):  # JSON cannot write it (not finite, too deep): never signed
        expected = ""
    if not isinstance(given, str) or not expected or not hmac.compare_digest(given.encode(), expected.encode()):
        raise FieldError(
            FIELD,
            f"{FIELD}: the game state was altered after the service signed it (the signature does not match): "
            "send back the state exactly as the service returned it",
        )


def kept_key(path: str) -> str:
    """The key kept at ``path``, made there on the first start: written whole to a file of its own (``solver.files``,
    mode 0600) and linked into place only if no key is there yet, so that server processes starting together all
    take the one that won. A ``WriteError`` when the folder cannot hold it."""
    target = Path(path)
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        fresh = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}")
        mask = os.umask(0o077)  # the key's file is its owner's only
        try:
            write_text(fresh, secrets.token_hex(KEY_BYTES) + "\n", "the state key")
        finally:
            os.umask(mask)
        try:
            os.link(fresh, target)  # never over a key another process made meanwhile
        except FileExistsError:
            pass
        except OSError as e:
            raise WriteError(
                f"the state key {target}: not kept ({e.strerror}); give one with --state-key-file"
            ) from None
        finally:
            fresh.unlink(missing_ok=True)
    key = read_text(str(target), "the state key", limit=64 * 1024).strip()
    if len(key) < 16:
        raise WriteError(f"the state key {target} holds {len(key)} characters: remove it to have a new one made")
    return key
