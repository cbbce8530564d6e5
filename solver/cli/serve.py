"""``ghostwriter serve``: the HTTP ghost-writer service and its web page.

    ghostwriter serve --port 8000 --workers 2 --words club=house.txt --dictionary ru

The flags become the service's settings (``service.settings``, the same GHOSTWRITER_* variables a deployment
sets); every word list is compiled once here, so a bad file stops the start and the workers load from the cache.
The service and uvicorn are imported inside ``run``, so ``--help`` stays instant.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from solver.cli.options import UsageError


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``serve`` command to the main command's subparsers."""
    s: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="start the HTTP ghost-writer service and its web page",
        description="Serve the ghost writer over HTTP: the web page at /, the JSON API under /v1, its docs at "
        "/docs. Each worker loads the dictionaries once; the service keeps no state between requests.",
    )
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    s.add_argument("--workers", type=int, default=1, metavar="N", help="worker processes (default 1; one a core)")
    s.add_argument(
        "--words",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="offer a house word list as NAME (repeatable); NAME=builtin:ru offers a named dictionary",
    )
    s.add_argument(
        "--dictionary",
        action="append",
        default=[],
        metavar="NAME",
        help="offer a named dictionary too (ghostwriter dictionaries lists them; repeatable)",
    )
    _add_service_flags(s)
    return s


def _add_service_flags(s: argparse.ArgumentParser) -> None:
    """Who may call the service, its limits, its state key and its log."""
    s.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="let pages from ORIGIN call the API (repeatable; * for any)",
    )
    s.add_argument("--time-budget", type=float, default=None, metavar="S", help="seconds a request may search (10)")
    s.add_argument("--max-top", type=int, default=None, metavar="N", help="largest top a request may ask (50)")
    s.add_argument(
        "--header-timeout",
        type=float,
        default=None,
        metavar="S",
        help="seconds a client may take to send a request head, and again its body (10)",
    )
    s.add_argument(
        "--state-key",
        default=None,
        metavar="KEY",
        help="the key that signs every game state returned (altered or unsigned ones are refused; a secret of 16+ "
        "characters; default: one made on the first start and kept in the data folder; --state-key-file or "
        "GHOSTWRITER_STATE_KEY keep it out of the process list)",
    )
    s.add_argument("--state-key-file", default=None, metavar="FILE", help="read the state key from FILE")
    s.add_argument(
        "--unsigned-states",
        action="store_true",
        help="take game states the service never signed (clients with engines of their own); states are then "
        "neither signed nor checked for changes",
    )
    s.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="the proxies whose X-Forwarded-For names the client (comma-separated addresses or networks, * for "
        "any); default: none, a client is its peer address",
    )
    s.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])


def run(args: argparse.Namespace) -> int:
    """Check the flags, compile the word lists, then serve until stopped."""
    import uvicorn

    from service.settings import Settings, SettingsError

    if not 0 < args.port < 65536:
        raise UsageError("--port must be from 1 to 65535")
    if not 1 <= args.workers <= 64:
        raise UsageError("--workers must be from 1 to 64")
    env = _environment(args)
    try:
        settings = Settings.from_env(env)
    except SettingsError as e:
        raise UsageError(str(e)) from None
    _compile_dictionaries(env.get("GHOSTWRITER_DICTIONARIES", ""))
    os.environ.update(settings.to_env())
    print(
        f"ghostwriter: serving on http://{args.host}:{args.port}/ (web page /, API /v1, docs /docs), "
        f"{args.workers} worker{'s' * (args.workers != 1)}",
        file=sys.stderr,
    )
    uvicorn.run(
        "service.main:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level=args.log_level,
        http="service.http:HeadDeadlineProtocol",  # closes connections whose request head is too slow
        # a client is its peer address (the per-client limits count by it) unless a named proxy forwards one
        proxy_headers=bool(args.forwarded_allow_ips),
        forwarded_allow_ips=args.forwarded_allow_ips or "",
    )
    return 0


def _environment(args: argparse.Namespace) -> dict[str, str]:
    """The process environment with the flags given as the service's GHOSTWRITER_* settings over it."""
    env = dict(os.environ)
    if args.words or args.dictionary:
        env["GHOSTWRITER_DICTIONARIES"] = ";".join([*args.words, *(f"{d}=builtin:{d}" for d in args.dictionary)])
    if args.cors_origin:
        env["GHOSTWRITER_CORS_ORIGINS"] = ",".join(args.cors_origin)
    if args.time_budget is not None:
        env["GHOSTWRITER_TIME_BUDGET"] = str(args.time_budget)
    if args.max_top is not None:
        env["GHOSTWRITER_MAX_TOP"] = str(args.max_top)
    if args.header_timeout is not None:
        env["GHOSTWRITER_HEADER_TIMEOUT"] = str(args.header_timeout)
    if args.state_key is not None and args.state_key_file is not None:
        raise UsageError("give --state-key or --state-key-file, not both")
    if args.state_key is not None:
        env["GHOSTWRITER_STATE_KEY"] = args.state_key
    if args.state_key_file is not None:
        env["GHOSTWRITER_STATE_KEY"] = _read_state_key(args.state_key_file)
    if args.unsigned_states:
        if args.state_key is not None or args.state_key_file is not None:
            raise UsageError("give a state key or --unsigned-states, not both")
        env["GHOSTWRITER_UNSIGNED_STATES"] = "1"
    return env


def _read_state_key(name: str) -> str:
    from solver.files import FileError, read_text

    try:
        return read_text(name, "--state-key-file", limit=64 * 1024).strip()  # a key is a line, not a file's worth
    except FileError as e:
        raise UsageError(str(e)) from None


def _compile_dictionaries(dictionaries: str) -> None:
    """Compile the shipped list and every list offered (GHOSTWRITER_DICTIONARIES), each reported on stderr."""
    from service.settings import parse_dictionaries
    from solver.lexicon import default_lexicon, load_word_file, registry

    default_lexicon()
    for name, path in parse_dictionaries(dictionaries).items():
        if path.startswith("builtin:"):
            lex = registry.load(path[len("builtin:") :])
            print(f"ghostwriter: dictionary {name}: {len(lex)} words ({path})", file=sys.stderr)
            continue
        lex = load_word_file(path)
        print(f"ghostwriter: dictionary {name}: {len(lex)} words from {path}", file=sys.stderr)
