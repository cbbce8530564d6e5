"""A throwaway PostgreSQL server for tests: Debian's ``initdb`` and ``pg_ctl`` make a cluster in a temporary
folder and start it on a unix socket there (no TCP port); it is stopped and removed afterwards. Without the
binaries the tests that need it skip, or fail under ``GHOSTWRITER_REQUIRE_POSTGRES=1`` (as in CI). As root (CI's
containers), the cluster runs as the ``postgres`` user, since PostgreSQL refuses to run as root."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

USER = "ghostwriter"


def binary(name: str) -> str | None:
    """A PostgreSQL program on the PATH or in Debian's versioned folder (the newest)."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versions[-1] if versions else None


def _as_owner(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running cluster's URL (``postgresql://ghostwriter@/postgres?host=SOCKET_DIR``)."""
    initdb, pg_ctl = binary("initdb"), binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        if os.environ.get("GHOSTWRITER_REQUIRE_POSTGRES") == "1":
            pytest.fail("PostgreSQL's initdb and pg_ctl are required (GHOSTWRITER_REQUIRE_POSTGRES=1)")
        pytest.skip("PostgreSQL's initdb and pg_ctl are not installed")
    root = Path(tempfile.mkdtemp(prefix="gw-pg-"))  # short: a unix socket's path has at most 107 bytes
    data = root / "data"
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(root, owner.pw_uid, owner.pw_gid)
    try:
        subprocess.run(
            _as_owner([initdb, "-D", str(data), "-U", USER, "-A", "trust", "-E", "UTF8", "--no-sync"]),
            check=True, capture_output=True, text=True,
        )
        options = f"-k {root} -c listen_addresses='' -F"
        subprocess.run(
            _as_owner([pg_ctl, "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start"]),
            check=True, capture_output=True, text=True,
        )
        try:
            yield f"postgresql://{USER}@/postgres?host={root}"
        finally:
            subprocess.run(_as_owner([pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"]), capture_output=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
