"""Word lists: reading, normalising, compiling, caching and memory-mapped loading."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from solver.errors import LexiconError
from solver.lexicon import Lexicon, decode_words, load_word_file
from wordlists import SHIPPED, shipped_bytes

from helpers import lexicon_of


def test_shipped_enable_is_the_recorded_file() -> None:
    data = shipped_bytes("enable")
    assert hashlib.sha256(data).hexdigest() == SHIPPED["enable"].sha256
    assert data.count(b"\n") == SHIPPED["enable"].words == 172_820


def test_enable_lexicon(enable: Lexicon) -> None:
    assert len(enable) == 172_820
    assert enable.alphabet == "abcdefghijklmnopqrstuvwxyz"
    assert "fates" in enable and "FATES" in enable and "fatesx" not in enable
    i = enable.index("jivers")
    assert i is not None and enable.word(i) == "jivers"
    assert int(enable.lengths[i]) == 6
    a = enable.letter_index
    assert int(enable.counts[a["j"], i]) == 1 and int(enable.counts[a["a"], i]) == 0
    # loaded memory-mapped from the cache, read-only: numpy's view of the mapped buffer (no copy)
    assert not enable.counts.flags.writeable and not enable.counts.flags.owndata
    lo, hi = enable.length_range(2, 2)
    assert {enable.word(j) for j in range(lo, hi)} >= {"aa", "ab", "xi"}
    assert all(len(enable.word(j)) == 2 for j in range(lo, hi))


def test_counts_match_the_words(example_lexicon: Lexicon) -> None:
    lex = example_lexicon
    for i in range(0, len(lex), 97):
        word = lex.word(i)
        assert len(word) == int(lex.lengths[i])
        for ch, a in lex.letter_index.items():
            assert int(lex.counts[a, i]) == word.count(ch)
    assert list(lex.lengths) == sorted(lex.lengths)


def test_the_letters_end_to_end_spell_every_word(example_lexicon: Lexicon, tmp_path: Path) -> None:
    # a compiled search reads words from ``letters`` without making strings: they must be the words, in order, in
    # the lexicon built in memory and in the one opened from the cache
    for lex in (example_lexicon, Lexicon.open(_saved(example_lexicon, tmp_path))):
        assert int(lex.offsets[0]) == 0 and int(lex.offsets[-1]) == len(lex.letters) == int(lex.lengths.sum())
        for i in range(len(lex)):
            spelled = "".join(lex.alphabet[a] for a in lex.letters[lex.offsets[i] : lex.offsets[i + 1]])
            assert spelled == lex.word(i)


@pytest.mark.parametrize(
    "words",
    [
        ["cat", "tac", "act", "a", "zebra", "cats"],  # ASCII: one translate of the codes
        ["café", "naïve", "über", "cafe"],  # Latin-1 letters beyond ASCII: still one translate
        ["кот", "ёж", "слово", "йод", "кит"],  # Cyrillic: the codes joined letter by letter
    ],
)
def test_a_word_read_from_its_letters_is_the_tries(words: list[str], tmp_path: Path) -> None:
    # ``word`` reads a word from ``letters`` (a hint never loads the trie): the trie's key of the same index, and
    # ``index`` its inverse, in the lexicon built in memory and in the one opened from the cache
    built = lexicon_of(*words)
    for lex in (built, Lexicon.open(_saved(built, tmp_path))):
        spelled = [lex.word(i) for i in range(len(lex))]
        assert spelled == [str(lex.trie.restore_key(int(lex.order[i]))) for i in range(len(lex))]
        assert sorted(spelled) == sorted(set(lex.trie.keys())) and [lex.index(w) for w in spelled] == list(
            range(len(lex))
        )


def test_a_cached_trie_is_loaded_when_first_asked_for_even_after_the_cache_is_cleared(tmp_path: Path) -> None:
    built = lexicon_of("cat", "dog", "cats")
    lex = Lexicon.open(_saved(built, tmp_path))
    assert isinstance(lex._trie, Path)  # not loaded by opening
    for f in (tmp_path / "saved").iterdir():
        f.unlink()  # the cache cleared under a running process: the trie opened with the lexicon is the one read
    assert "cat" in lex and lex.index("dog") == built.index("dog") and lex.with_prefix("ca") == ["cat", "cats"]


def test_a_cached_lexicon_pickles_with_its_trie(tmp_path: Path) -> None:
    # a copy for another process carries the trie, not this process's open file (nor the views ``word`` made)
    import pickle

    lex = Lexicon.open(_saved(lexicon_of("cat", "dog", "cats"), tmp_path))
    assert lex.word(0) in ("cat", "dog")
    copy = pickle.loads(pickle.dumps(lex))
    for f in (tmp_path / "saved").iterdir():
        f.unlink()
    assert [copy.word(i) for i in range(len(copy))] == [lex.word(i) for i in range(len(lex))]
    assert copy.index("cats") == lex.index("cats") and "dog" in copy


def test_found_look_ups_are_kept_in_the_cache_folder(tmp_path: Path) -> None:
    built = lexicon_of("cat", "dog", "cats", "bird")
    folder = _saved(built, tmp_path)
    asked: list[int] = []

    def words() -> list[str]:
        asked.append(1)
        return ["dog", "cat", "unicorn", "dog"]

    want = sorted([built.index("dog"), built.index("cat")])  # type: ignore[type-var]
    assert Lexicon.open(folder).found("pets_v1", words) == want and len(asked) == 1
    later = Lexicon.open(folder)
    assert later.found("pets_v1", words) == want and len(asked) == 1  # read from the folder: no look-up, no trie
    assert isinstance(later._trie, Path)
    (folder / "found-pets_v1.json").write_text("[0, 99]")  # an index out of range: looked up again, not believed
    assert Lexicon.open(folder).found("pets_v1", words) == want and len(asked) == 2
    (folder / "found-pets_v1.json").write_text("{not json")
    assert Lexicon.open(folder).found("pets_v1", words) == want and len(asked) == 3
    assert built.found("pets_v1", words) == want and len(asked) == 4  # built in memory: nowhere to keep them
    assert Lexicon.open(folder).found("../escape", words) == want and not (tmp_path / "escape.json").exists()


def _saved(lex: Lexicon, folder: Path) -> Path:
    lex.save(folder / "saved")
    return folder / "saved"


def test_cyrillic_list(tmp_path: Path) -> None:
    f = tmp_path / "ru.txt"
    f.write_text("кот\nКОТ\nёж\nслово\n123\nне слово\n\nйод\n", encoding="utf-8")
    lex = load_word_file(f, tmp_path / "cache")
    assert len(lex) == 4 and lex.skipped == 2
    assert "ёж" in lex and "йод" in lex and "кот" in lex
    assert set(lex.alphabet) == set("котежсловйд")  # ё is stored folded to е


def test_nfc_normalisation(tmp_path: Path) -> None:
    f = tmp_path / "nfd.txt"
    f.write_text("cafe\u0301\n", encoding="utf-8")  # e + combining acute
    lex = load_word_file(f, tmp_path / "cache")
    assert "café" in lex and len(lex.word(0)) == 4


def test_cache_is_reused(tmp_path: Path) -> None:
    f = tmp_path / "w.txt"
    f.write_text("ab\nabc\n", encoding="utf-8")
    load_word_file(f, tmp_path / "c")
    folders = [p for p in (tmp_path / "c").iterdir() if not p.name.startswith(".")]
    assert len(folders) == 1
    before = (folders[0] / "counts.npy").stat().st_mtime_ns
    lex = load_word_file(f, tmp_path / "c")
    assert (folders[0] / "counts.npy").stat().st_mtime_ns == before
    assert list(lex.words()) == ["ab", "abc"]


def test_unwritable_cache_still_works(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "w.txt"
    f.write_text("ab\n", encoding="utf-8")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    lex = load_word_file(f, blocker / "cache")
    assert "ab" in lex
    assert "cannot cache" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "holds no words"), (b"123\n!!\n", "holds no words"), (b"\xff\xfe\x00", "not UTF-8")],
)
def test_bad_lists(content: bytes, message: str) -> None:
    with pytest.raises(LexiconError, match=message):
        decode_words(content, "bad.txt")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="does not exist"):
        load_word_file(tmp_path / "nope.txt")
    with pytest.raises(LexiconError, match="is a folder"):
        load_word_file(tmp_path)


def test_prefix_walk_and_close_words() -> None:
    lex = lexicon_of("receive", "relieve", "deceive", "recede", "cat", "cart", "act", "dog")
    assert sorted(lex.with_prefix("rec")) == ["recede", "receive"] and lex.with_prefix("rec", limit=1) != []
    assert lex.close_words("recieve")[0] == "receive"  # two neighbours swapped: one edit
    assert "cart" in lex.close_words("cat") and "act" in lex.close_words("cat")
    assert "cat" not in lex.close_words("cat")  # the word itself is left out
    assert lex.close_words("zzzzzzzz") == []
