"""Build, cache and load a compiled lexicon."""

from __future__ import annotations

import bisect
import contextlib
import json
import os
import sys
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solver.cache import cache_root
from solver.errors import LexiconError
from solver.files import FileError, read_bytes, sync_tree
from solver.lexicon.columns import Columns, read_columns, write_columns
from solver.text import normalize_word

if TYPE_CHECKING:
    import marisa_trie
    import numpy as np
    import numpy.typing as npt

FORMAT_VERSION = 2  # 2: each word's letters, end to end (``letters``, ``offsets``)
MAX_WORD_LENGTH = 64
MAX_ALPHABET = 250
MAX_CLOSE_CANDIDATES = 4000
MAX_WORD_FILE = 256 * 1024 * 1024  # bytes of a word list file (the largest shipped source is some 30 MiB)


@dataclass(frozen=True)
class WordList:
    """The words read from a list, with what was skipped."""

    words: list[str]
    skipped: int
    name: str


def _is_word(word: str) -> bool:
    return bool(word) and len(word) <= MAX_WORD_LENGTH and all(ch.isalpha() for ch in word)


def parse_words(lines: Iterable[str], name: str) -> WordList:
    """Words from lines of text, one a line; blank lines are ignored, other non-words skipped and counted."""
    words: set[str] = set()
    skipped = 0
    for line in lines:
        word = normalize_word(line)
        if not word:
            continue
        if _is_word(word):
            words.add(word)
        else:
            skipped += 1
    return WordList(sorted(words), skipped, name)


def read_word_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a word list file, read with a size cap and a type check (``solver.files``: no devices, a pipe
    with a timeout), with a clear error when it cannot be read."""
    try:
        return read_bytes(os.path.join(".", path) if str(path) == "-" else path, "word list", limit=MAX_WORD_FILE)
    except FileError as e:
        raise LexiconError(f"{e}: give the path of a UTF-8 file, one word a line") from None


def decode_words(data: bytes, name: str) -> WordList:
    """Words from the bytes of a list; an error when it is not UTF-8 or holds no words."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LexiconError(f"word list {name!r} is not UTF-8 text: save it as UTF-8, one word a line") from None
    wl = parse_words(text.splitlines(), name)
    if not wl.words:
        raise LexiconError(
            f"word list {name!r} holds no words ({wl.skipped} lines skipped): give one word a line, letters only"
        )
    return wl


def content_hash(words: list[str]) -> str:
    import hashlib  # only when a list is built or first cached: opening a cached lexicon hashes nothing

    h = hashlib.sha256()
    for w in words:
        h.update(w.encode("utf-8"))
        h.update(b"\n")
    return h.hexdigest()


def edit_distance(a: str, b: str, cap: int) -> int:
    """The optimal-string-alignment distance of two words (neighbours swapped count one), or ``cap + 1`` once it
    is known to exceed ``cap``."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    before: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], before[j - 2] + 1)
        if min(row) > cap:
            return cap + 1
        before, prev = prev, row
    return prev[-1]


class Lexicon:
    """A compiled word list.

    Words are indexed ``0..len-1`` in order of length (then trie order); ``counts[a, i]`` is how many times
    letter ``alphabet[a]`` occurs in word ``i``; ``starts[n]`` is the first index of a word of length ``n`` or
    more. ``letters[offsets[i]:offsets[i + 1]]`` are word i's letters as indices into the alphabet (a compiled search
    reads words from them without making strings, and ``word`` makes the strings from them).

    The arrays are kept as flat buffers (``columns``: ``solver.lexicon.columns``, memory-mapped from the cache), and
    numpy's views of them (``counts``, ``lengths``...) are made when first asked for: a hint's compiled search reads
    the buffers and never imports numpy. The trie (``trie``: a word's index, membership, prefixes) of a cached
    lexicon is mapped when first asked for: a hint reads its words from ``letters`` and never loads it.
    """

    def __init__(
        self,
        name: str,
        sha256: str,
        alphabet: str,
        trie: marisa_trie.Trie | Path,
        columns: Columns,
        skipped: int = 0,
    ) -> None:
        self.name = name
        self.sha256 = sha256
        self.alphabet = alphabet
        self.letter_index = {ch: i for i, ch in enumerate(alphabet)}
        self._trie = trie
        # the folder of a cached lexicon (``found`` keeps its look-ups there); None for one built in memory
        self.folder: Path | None = trie.parent if isinstance(trie, Path) else None
        self._trie_fd = -1
        if isinstance(trie, Path):  # held open from now: the trie first used later is the one loaded now
            self._trie_fd = os.open(trie, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            weakref.finalize(self, os.close, self._trie_fd)
        self._chars = tuple(alphabet)
        # with every letter in Latin-1, a word's codes become its text by one translate
        self._codes_to_text: bytes | None = None
        if all(ord(ch) < 256 for ch in alphabet):
            self._codes_to_text = bytes.maketrans(bytes(range(len(alphabet))), alphabet.encode("latin-1"))
        self.columns = columns
        self._arrays: dict[str, Any] = {}  # numpy's views of the columns, made when first asked for
        self.skipped = skipped
        lengths = columns.lengths
        self.max_length = max_len = lengths[-1] if len(lengths) else 0
        # per length n (0 to the longest + 1), the first word of that length or more (the words are in length order)
        self.starts = tuple(bisect.bisect_left(lengths, n) for n in range(max_len + 2))

    def _array(self, name: str) -> Any:
        got = self._arrays.get(name)
        if got is None:
            got = self._arrays[name] = self.columns.array(name)
        return got

    @property
    def counts(self) -> npt.NDArray[np.uint8]:
        """numpy's view of the letter counts: letters x words."""
        counts: npt.NDArray[np.uint8] = self._array("counts")
        return counts

    @property
    def lengths(self) -> npt.NDArray[np.uint8]:
        lengths: npt.NDArray[np.uint8] = self._array("lengths")
        return lengths

    @property
    def order(self) -> npt.NDArray[np.int32]:
        """Per word (in length order), its id in the trie."""
        order: npt.NDArray[np.int32] = self._array("order")
        return order

    @property
    def position(self) -> npt.NDArray[np.int32]:
        """Per trie id, the word's index (in length order)."""
        position: npt.NDArray[np.int32] = self._array("position")
        return position

    @property
    def letters(self) -> npt.NDArray[np.uint8]:
        letters: npt.NDArray[np.uint8] = self._array("letters")
        return letters

    @property
    def offsets(self) -> npt.NDArray[np.int64]:
        offsets: npt.NDArray[np.int64] = self._array("offsets")
        return offsets

    @property
    def trie(self) -> marisa_trie.Trie:
        """The words' trie, mapped from the cache on first use."""
        if isinstance(self._trie, Path):
            import marisa_trie

            trie = marisa_trie.Trie()
            try:
                same = os.path.samestat(os.fstat(self._trie_fd), os.stat(self._trie))
            except OSError:
                same = False
            if same:
                trie.mmap(str(self._trie))
            else:  # the cache was cleared or replaced meanwhile: read the file that was opened
                with open(self._trie_fd, "rb", closefd=False) as f:
                    f.seek(0)
                    trie.frombytes(f.read())
            self._trie = trie
        return self._trie

    def __getstate__(self) -> dict[str, object]:
        """A copy for another process (pickled): the trie itself, not the file held open in this one, and the
        columns' bytes (``Columns`` pickles them), not numpy's views."""
        state = dict(self.__dict__)
        state.update(_trie=self.trie, _trie_fd=-1, _arrays={})
        return state

    def __len__(self) -> int:
        return len(self.columns.order)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and normalize_word(word) in self.trie

    def index(self, word: str) -> int | None:
        """The index of a word, or None when it is not in the list."""
        w = normalize_word(word)
        if w not in self.trie:
            return None
        return int(self.columns.position[self.trie.key_id(w)])

    def codes(self, i: int) -> bytes:
        """Word i's letters as their codes: one byte a letter, its place in ``alphabet``."""
        offsets = self.columns.offsets  # memoryviews: twice numpy's speed here
        return self.columns.letters[offsets[i] : offsets[i + 1]].tobytes()

    def word(self, i: int) -> str:
        letters, offsets = self.columns.letters, self.columns.offsets  # memoryviews: twice numpy's speed here
        codes = letters[offsets[i] : offsets[i + 1]].tobytes()
        if self._codes_to_text is not None:
            return codes.translate(self._codes_to_text).decode("latin-1")
        chars = self._chars
        return "".join([chars[c] for c in codes])

    def found(self, key: str, words: Callable[[], Iterable[str]]) -> list[int]:
        """The indices of those of ``words`` the lexicon holds, ascending. A cached lexicon remembers them in its
        folder under ``key`` (a name that must change whenever the words do): a later process reads them there and
        neither calls ``words`` nor loads the trie. A file that cannot be read or written is looked up again."""
        path = self.folder / f"found-{key}.json" if self.folder is not None and key.isidentifier() else None
        if path is not None:
            try:
                kept = json.loads(path.read_bytes())
                if isinstance(kept, list) and all(type(i) is int and 0 <= i < len(self) for i in kept):
                    return kept
            except (OSError, ValueError):
                pass
        out = sorted({i for i in (self.index(w) for w in words()) if i is not None})
        if path is not None:
            from solver.files import write_text

            with contextlib.suppress(FileError):  # a cache that cannot be written is no error: looked up again
                write_text(path, json.dumps(out))
        return out

    def words(self) -> Iterator[str]:
        for i in range(len(self)):
            yield self.word(i)

    def length_range(self, lo: int, hi: int) -> tuple[int, int]:
        """Index range of the words whose length is in [lo, hi]."""
        lo = max(lo, 0)
        hi = min(hi, self.max_length)
        if hi < lo:
            return (0, 0)
        return self.starts[lo], self.starts[hi + 1]

    def with_prefix(self, prefix: str, limit: int = 100) -> list[str]:
        """Words starting with a prefix, in trie order."""
        out: list[str] = []
        for k in self.trie.iterkeys(normalize_word(prefix)):
            out.append(str(k))
            if len(out) >= limit:
                break
        return out

    def close_words(self, word: str, limit: int = 8, max_distance: int = 2) -> list[str]:
        """Real words within ``max_distance`` edits (insert, delete, substitute, swap two neighbours) of ``word``,
        nearest first, then in alphabetical order; the word itself is left out, and so are the shipped lists'
        offensive words (``wordlists.offensive``): a suggestion is never a slur.

        Work is bounded: a numpy pass keeps only the words whose length and letter counts allow so few edits (an
        edit changes the counts by at most two), and the exact distance is computed on at most
        ``MAX_CLOSE_CANDIDATES`` of those, nearest counts first.
        """
        import numpy as np

        from wordlists.offensive import offensive_words

        w = normalize_word(word)[:MAX_WORD_LENGTH]
        shunned = offensive_words()
        found: list[tuple[int, str]] = []
        for d in range(1, max_distance + 1):
            lo, hi = self.length_range(len(w) - d, len(w) + d)
            if lo == hi:
                continue
            target = np.zeros(len(self.alphabet), dtype=np.int16)
            foreign = 0
            for ch in w:
                a = self.letter_index.get(ch)
                if a is None:
                    foreign += 1
                else:
                    target[a] += 1
            diff = np.abs(self.counts[:, lo:hi].astype(np.int16) - target[:, None]).sum(axis=0) + foreign
            near = np.nonzero(diff <= 2 * d)[0]
            near = near[np.argsort(diff[near], kind="stable")][:MAX_CLOSE_CANDIDATES]
            found = []
            for j in near:
                other = self.word(lo + int(j))
                dist = edit_distance(w, other, d)
                if 0 < dist <= d and other not in shunned:
                    found.append((dist, other))
            if len(found) >= limit:
                break
        return [x for _, x in sorted(found)[:limit]]

    # --- building and caching -------------------------------------------------------------------------

    @staticmethod
    def build(wl: WordList) -> Lexicon:
        """Compile a word list in memory."""
        words = wl.words
        if not words:
            raise LexiconError(f"word list {wl.name!r} holds no words")
        alphabet = "".join(sorted(set("".join(words))))
        if len(alphabet) > MAX_ALPHABET:
            raise LexiconError(f"word list {wl.name!r} uses {len(alphabet)} distinct letters; at most {MAX_ALPHABET}")
        import marisa_trie
        import numpy as np

        trie = marisa_trie.Trie(words)
        n = len(words)
        by_id = [""] * n
        for w in words:
            by_id[trie.key_id(w)] = w
        lengths_by_id = np.fromiter((len(w) for w in by_id), dtype=np.uint8, count=n)
        order = np.argsort(lengths_by_id, kind="stable").astype(np.int32)
        position = np.empty(n, dtype=np.int32)
        position[order] = np.arange(n, dtype=np.int32)
        index = {ch: i for i, ch in enumerate(alphabet)}
        counts = np.zeros((len(alphabet), n), dtype=np.uint8)
        codes = np.fromiter(
            (index[ch] for i in order for ch in by_id[i]), dtype=np.int32, count=int(lengths_by_id.sum())
        )
        rows = np.repeat(np.arange(n), lengths_by_id[order].astype(np.int64))
        np.add.at(counts, (codes, rows), 1)
        lengths = lengths_by_id[order]
        offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        arrays = {"counts": counts, "lengths": lengths, "order": order, "position": position, "offsets": offsets}
        arrays["letters"] = codes.astype(np.uint8)
        return Lexicon(wl.name, content_hash(words), alphabet, trie, Columns.of(arrays), wl.skipped)

    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.trie.save(str(folder / "words.marisa"))
        write_columns(folder, self.columns)
        meta = {
            "format": FORMAT_VERSION,
            "name": self.name,
            "sha256": self.sha256,
            "alphabet": self.alphabet,
            "words": len(self),
            "skipped": self.skipped,
        }
        (folder / "meta.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")

    @staticmethod
    def open(folder: Path, name: str | None = None) -> Lexicon:
        """Load a compiled lexicon memory-mapped."""
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        if meta.get("format") != FORMAT_VERSION:
            raise LexiconError(f"cached lexicon {folder} has an old format")
        columns = read_columns(folder, len(meta["alphabet"]), int(meta["words"]))
        return Lexicon(
            name or meta["name"],
            meta["sha256"],
            meta["alphabet"],
            folder / "words.marisa",
            columns,
            int(meta.get("skipped", 0)),
        )


def load_lexicon(data: bytes, name: str, cache: Path | None = None) -> Lexicon:
    """The compiled lexicon of a word list's bytes: from the cache when it is there, else built and cached.

    The cache key is the sha256 of the bytes. A cache that cannot be written is not an error: the lexicon is then
    built in memory, with a warning.
    """
    import hashlib  # here, not at the top: the shipped list is found by its recorded digest (``default_lexicon``)

    return _cached_lexicon(hashlib.sha256(data).hexdigest(), lambda: data, name, cache)


def _cached_lexicon(digest: str, read: Callable[[], bytes], name: str, cache: Path | None) -> Lexicon:
    """The lexicon cached under ``digest`` (the sha256 of its list's bytes); only on a miss are the bytes read
    (``read``), compiled and cached, so a cached list loads without being read or hashed again."""
    root = cache if cache is not None else cache_root()
    folder = root / f"{digest}-v{FORMAT_VERSION}"
    if (folder / "meta.json").exists():
        try:
            return Lexicon.open(folder, name)
        except (OSError, ValueError, KeyError):
            remove_folder(folder)
    lex = Lexicon.build(decode_words(read(), name))
    why = store(lex, folder)
    if why is None:
        try:
            return Lexicon.open(folder, name)
        except OSError as e:
            why = e.strerror or "it cannot be opened"
    print(f"ghostwriter: warning: cannot cache the compiled word list in {root} ({why})", file=sys.stderr)
    return lex


def store(lex: Lexicon, folder: Path, replace: bool = False) -> str | None:
    """Keep a compiled lexicon in the cache at ``folder``: built in a folder beside it, synced to the disk, then
    renamed into place (a folder already there is replaced when ``replace``, else kept: another process cached it
    first). None when it is there, else why not; a cache that cannot be written leaves no half-built folder."""
    tmp: Path | None = None
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when a list is compiled: a hint over a cached list makes no folder

        tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=folder.parent))
        lex.save(tmp)  # the trie's writer reports a failed write (a full disk, a file-size limit) as RuntimeError
        sync_tree(tmp)  # on the disk in full before it takes the cache's name
        if replace:
            remove_folder(folder)
        try:
            tmp.rename(folder)
        except OSError:
            if replace:
                raise
            remove_folder(tmp)  # another process cached it first
    except (OSError, RuntimeError) as e:
        if tmp is not None:
            remove_folder(tmp)
        return e.strerror if isinstance(e, OSError) and e.strerror else "a write failed"
    return None


def load_word_file(path: str | os.PathLike[str], cache: Path | None = None) -> Lexicon:
    """The compiled lexicon of a word list file (``--words FILE``)."""
    return load_lexicon(read_word_file(path), Path(path).name, cache)


def default_lexicon(cache: Path | None = None) -> Lexicon:
    """ENABLE, the shipped default word list: cached under the digest its entry records (a test checks the file
    against it), so the 1.7 MB list is read and hashed only to compile it."""
    from wordlists import SHIPPED, shipped_bytes

    return _cached_lexicon(SHIPPED["enable"].sha256, lambda: shipped_bytes("enable"), "enable", cache)


def remove_folder(folder: Path) -> None:
    """Remove a folder and what it holds, errors ignored (shutil is imported here only: it costs the first answer)."""
    import shutil

    shutil.rmtree(folder, ignore_errors=True)
