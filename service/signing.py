"""Tamper-proof games, for hosts that want them: with a state key (``serve --state-key``, ``GHOSTWRITER_STATE_KEY``)
the service signs every game state it returns and refuses one that was altered or carries no signature.

The service keeps no games, so a client holds the state between requests; a signature lets the host trust it
anyway. It is an HMAC-SHA256, under the key, of the state's canonical JSON (keys sorted, no spaces, ASCII), and
travels inside the game object as ``"signature": "hmac-sha256:HEX"``, beside the fields it signs, so clients read
the state as before and send it back whole. Off by default: a client with an engine of its own sends states the
service never signed. A signature proves the service wrote the state, not that it is the latest one: a client can
still send an older state it was given (the service keeps nothing to compare with).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from service.errors import FieldError

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
