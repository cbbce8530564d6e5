"""A live Ghostwriter server for tests: a real uvicorn process on a free loopback port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def get_json(url: str, timeout: float = 5.0) -> tuple[int, object]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return int(r.status), json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


@contextmanager
def live_server(command: Sequence[str] | None = None, env: dict[str, str] | None = None) -> Iterator[str]:
    """Start the service (by default ``uvicorn --factory service.main:create_app``) and yield its base URL once
    ``/readyz`` answers 200; stop it afterwards. ``command`` gets ``--port PORT`` appended."""
    port = free_port()
    uvicorn = [sys.executable, "-m", "uvicorn", "--factory", "service.main:create_app", "--host", "127.0.0.1"]
    cmd = list(command or uvicorn)
    cmd += ["--port", str(port)]
    proc = subprocess.Popen(
        cmd, env={**os.environ, **(env or {})}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                said = proc.stderr.read() if proc.stderr else ""
                raise RuntimeError(f"the server exited ({proc.returncode}): {said}")
            try:
                if get_json(base + "/readyz", 1.0)[0] == 200:
                    break
            except (OSError, ValueError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server was not ready within 60 s")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
