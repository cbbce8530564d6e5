"""Expand a Hunspell dictionary (``.aff`` + ``.dic``) into every word form it accepts outside compounds.

Only what a word list needs is read from the affix file:

- ``FLAG`` (single characters by default, ``UTF-8``, ``long`` = two characters, ``num`` = comma-separated
  numbers) and ``AF`` flag aliases;
- ``PFX``/``SFX`` rules: strip, add, continuation flags (``add/FLAGS``), condition, cross product;
- ``NEEDAFFIX`` (also its old name ``PSEUDOROOT``), ``CIRCUMFIX``, ``ONLYINCOMPOUND``, ``FORBIDDENWORD`` and
  ``FULLSTRIP``.

The forms are those Hunspell's own check accepts (``hunspell/src/hunspell/affixmgr.cxx``):

- the root, unless it has ``NEEDAFFIX``;
- the root with one suffix, or with two when the first one's continuation flags name a second suffix class;
- the root with one prefix;
- a prefix together with a suffix when both rules allow the cross product (``Y`` in their header); a
  suffix's continuation flags may name prefix classes the root lacks, and a prefix's may name suffix classes;
- an affix whose continuation flags hold ``NEEDAFFIX`` only with a further affix; one holding ``CIRCUMFIX``
  only with a prefix and a suffix that both hold it (the documented rule: Hunspell 1.7 itself checks it on
  suffixes only and accepts a circumfix prefix alone); one holding ``ONLYINCOMPOUND`` never.

Roots flagged ``ONLYINCOMPOUND`` give nothing, and a root flagged ``FORBIDDENWORD`` gives nothing and vetoes
its surface form wherever else it is generated. Compounds (``COMPOUNDRULE``, ``COMPOUNDFLAG`` and friends) are
not generated: they are unbounded. Two prefixes (``COMPLEXPREFIXES``) are not supported and raise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from solver.errors import LexiconError

FLAG_MODES = ("char", "UTF-8", "long", "num")


class HunspellError(LexiconError):
    """An affix or dictionary file this reader does not understand."""


def parse_flags(text: str, mode: str) -> list[str]:
    """The flags written in ``text`` (after the ``/`` of a word or an affix), by ``FLAG`` mode."""
    if mode in ("char", "UTF-8"):
        return list(text)
    if mode == "long":
        if len(text) % 2:
            raise HunspellError(f"long flags {text!r} have an odd number of characters")
        return [text[i : i + 2] for i in range(0, len(text), 2)]
    if mode == "num":
        flags = [f.strip() for f in text.split(",") if f.strip()]
        if not all(f.isdigit() for f in flags):
            raise HunspellError(f"numeric flags {text!r} hold something other than numbers and commas")
        return [str(int(f)) for f in flags]
    raise HunspellError(f"unknown FLAG mode {mode!r}; one of {', '.join(FLAG_MODES)}")


def _condition_elements(cond: str) -> list[str]:
    """A condition split into its character classes: ``.``, a letter, ``[abc]`` or ``[^abc]``."""
    out: list[str] = []
    i = 0
    while i < len(cond):
        if cond[i] == "[":
            j = cond.find("]", i + 1)
            if j < 0:
                raise HunspellError(f"condition {cond!r} has an unclosed [")
            out.append(cond[i : j + 1])
            i = j + 1
        else:
            out.append(cond[i])
            i += 1
    return out


def _element_regex(el: str) -> str:
    if el == ".":
        return "."
    if el.startswith("["):
        body = el[1:-1]
        negate = body.startswith("^")
        if negate:
            body = body[1:]
        chars = "".join(re.escape(ch) for ch in body)
        return f"[{'^' if negate else ''}{chars}]"
    return re.escape(el)


@dataclass(frozen=True)
class Condition:
    """A rule's condition: ``length`` character classes matched at the end (suffix) or start (prefix)."""

    text: str
    length: int
    pattern: re.Pattern[str] | None  # None: matches anything (the condition ``.``)

    @staticmethod
    def parse(text: str) -> Condition:
        elements = _condition_elements(text)
        if all(el == "." for el in elements):
            return Condition(text, len(elements), None)
        return Condition(text, len(elements), re.compile("".join(_element_regex(el) for el in elements), re.S))


@dataclass(frozen=True)
class Affix:
    """One ``PFX`` or ``SFX`` rule line."""

    prefix: bool
    flag: str
    cross: bool
    strip: str
    add: str
    cont: frozenset[str]
    condition: Condition

    def apply(self, word: str, fullstrip: bool) -> str | None:
        """The word with this affix, or None when the rule does not apply to it."""
        rest = len(word) - len(self.strip)
        if rest < 0 or (rest == 0 and not fullstrip) or len(word) < self.condition.length:
            return None
        if self.prefix:
            if not word.startswith(self.strip):
                return None
            pat = self.condition.pattern
            if pat is not None and not pat.fullmatch(word[: self.condition.length]):
                return None
            return self.add + word[len(self.strip) :]
        if not word.endswith(self.strip):
            return None
        pat = self.condition.pattern
        if pat is not None and self.condition.length and not pat.fullmatch(word[len(word) - self.condition.length :]):
            return None
        return word[:rest] + self.add


@dataclass
class AffixFile:
    """What an ``.aff`` file says about generating words."""

    flag_mode: str = "char"
    aliases: list[frozenset[str]] = field(default_factory=list)
    prefixes: dict[str, list[Affix]] = field(default_factory=dict)
    suffixes: dict[str, list[Affix]] = field(default_factory=dict)
    needaffix: str | None = None
    circumfix: str | None = None
    onlyincompound: str | None = None
    forbidden: str | None = None
    fullstrip: bool = False

    def flags(self, text: str) -> frozenset[str]:
        """The flags of a word or affix: an ``AF`` alias number when the file defines aliases."""
        if self.aliases and text.isdigit():
            n = int(text)
            if not 1 <= n <= len(self.aliases):
                raise HunspellError(f"flag alias {n} is not defined (AF defines 1..{len(self.aliases)})")
            return self.aliases[n - 1]
        return frozenset(parse_flags(text, self.flag_mode))

    @staticmethod
    def parse(text: str) -> AffixFile:
        aff = AffixFile()
        lines = [ln.split() for ln in text.splitlines()]
        lines = [f for f in lines if f and not f[0].startswith("#")]
        # FLAG comes first in practice, but read it before anything that parses flags
        aff._read_flag_mode(lines)
        aff._read_options(lines)
        aff._read_affixes(lines)
        return aff

    def _read_flag_mode(self, lines: list[list[str]]) -> None:
        for f in lines:
            if f[0] == "FLAG" and len(f) > 1:
                mode = {"UTF-8": "UTF-8", "utf-8": "UTF-8", "long": "long", "num": "num"}.get(f[1])
                if mode is None:
                    raise HunspellError(f"unknown FLAG mode {f[1]!r}; one of UTF-8, long, num")
                self.flag_mode = mode

    def _read_options(self, lines: list[list[str]]) -> None:
        """The flags with a meaning (NEEDAFFIX, CIRCUMFIX, ...), FULLSTRIP, and the flag aliases (AF)."""
        alias_lines: list[list[str]] = []
        for f in lines:
            key = f[0]
            if key == "AF" and len(f) > 1:
                alias_lines.append(f)  # the first is the count line: AF N
            elif key in ("NEEDAFFIX", "PSEUDOROOT") and len(f) > 1:
                self.needaffix = f[1]
            elif key == "CIRCUMFIX" and len(f) > 1:
                self.circumfix = f[1]
            elif key == "ONLYINCOMPOUND" and len(f) > 1:
                self.onlyincompound = f[1]
            elif key == "FORBIDDENWORD" and len(f) > 1:
                self.forbidden = f[1]
            elif key == "FULLSTRIP":
                self.fullstrip = True
            elif key == "COMPLEXPREFIXES":
                raise HunspellError("COMPLEXPREFIXES (two prefixes) is not supported")
        for f in alias_lines[1:]:
            self.aliases.append(frozenset(parse_flags(f[1], self.flag_mode)))

    def _read_affixes(self, lines: list[list[str]]) -> None:
        """The PFX and SFX rules: each group's header (flag, cross product, count), then its rule lines."""
        pending: dict[tuple[str, str], int] = {}  # (PFX|SFX, flag) -> rule lines still to read
        crosses: dict[tuple[str, str], bool] = {}
        for f in lines:
            key = f[0]
            if key not in ("PFX", "SFX"):
                continue
            if len(f) < 4:
                raise HunspellError(f"affix line {' '.join(f)!r} is too short")
            rule = (key, f[1])
            if pending.get(rule, 0) == 0:  # a header: PFX flag Y|N count
                if f[2] not in ("Y", "N") or not f[3].lstrip("-").isdigit():
                    raise HunspellError(f"affix header {' '.join(f)!r} should read {key} FLAG Y|N COUNT")
                pending[rule] = int(f[3])
                crosses[rule] = f[2] == "Y"
                continue
            pending[rule] -= 1
            strip = "" if f[2] == "0" else f[2]
            add, _, cont_text = f[3].partition("/")
            add = "" if add == "0" else add
            cond = f[4] if len(f) > 4 else "."
            entry = Affix(
                prefix=key == "PFX",
                flag=f[1],
                cross=crosses[rule],
                strip=strip,
                add=add,
                cont=self.flags(cont_text) if cont_text else frozenset(),
                condition=Condition.parse(cond),
            )
            (self.prefixes if entry.prefix else self.suffixes).setdefault(f[1], []).append(entry)


@dataclass(frozen=True)
class Entry:
    """One line of a ``.dic`` file."""

    word: str
    flags: frozenset[str]


def _split_word(line: str) -> tuple[str, str]:
    """A dictionary line split into the word (``\\/`` unescaped) and its flag text."""
    i = 0
    word: list[str] = []
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line) and line[i + 1] == "/":
            word.append("/")
            i += 2
            continue
        if ch == "/":
            return "".join(word), line[i + 1 :]
        word.append(ch)
        i += 1
    return "".join(word), ""


def read_dic(text: str, aff: AffixFile) -> Iterator[Entry]:
    """The entries of a ``.dic`` file: the first line is the count, lines starting with a tab are comments,
    morphological fields after a tab or after a space are ignored."""
    lines = text.splitlines()
    for line in lines[1:]:
        if not line.strip() or line.startswith("\t"):
            continue
        line = line.split("\t", 1)[0].rstrip()
        word, flags = _split_word(line)
        if " " in flags:
            flags = flags.split(" ", 1)[0]
        elif not flags and " " in word:
            # "word po:noun": a space then a morphological field (two characters and a colon)
            head, _, tail = word.partition(" ")
            if re.match(r"\S\S:", tail):
                word = head
        if word:
            yield Entry(word, aff.flags(flags) if flags else frozenset())


@dataclass(frozen=True)
class _Suffixed:
    word: str
    cross: bool  # every suffix in the chain allows the cross product
    circumfix: bool
    needaffix: bool  # the outer suffix needs a further affix (a prefix)
    cont: frozenset[str]  # continuation flags of the chain (may name prefix classes)


def _suffix_forms(root: str, flags: frozenset[str], aff: AffixFile) -> Iterator[_Suffixed]:
    """The root with one or two suffixes, however the flags allow them."""
    bad = aff.onlyincompound
    for flag in flags:
        for e in aff.suffixes.get(flag, ()):
            w1 = e.apply(root, aff.fullstrip)
            if w1 is None or (bad is not None and bad in e.cont):
                continue
            c1 = aff.circumfix is not None and aff.circumfix in e.cont
            yield _Suffixed(w1, e.cross, c1, aff.needaffix is not None and aff.needaffix in e.cont, e.cont)
            for flag2 in e.cont:
                for e2 in aff.suffixes.get(flag2, ()):
                    w2 = e2.apply(w1, aff.fullstrip)
                    if w2 is None or (bad is not None and bad in e2.cont):
                        continue
                    c2 = aff.circumfix is not None and aff.circumfix in e2.cont
                    yield _Suffixed(
                        w2,
                        e.cross and e2.cross,
                        c1 or c2,
                        aff.needaffix is not None and aff.needaffix in e2.cont,
                        e.cont | e2.cont,
                    )


def expand(entry: Entry, aff: AffixFile) -> Iterator[str]:
    """Every form of one dictionary entry (see the module's documentation); may repeat a form."""
    flags = entry.flags
    if (aff.forbidden is not None and aff.forbidden in flags) or (
        aff.onlyincompound is not None and aff.onlyincompound in flags
    ):
        return
    root = entry.word
    if aff.needaffix is None or aff.needaffix not in flags:
        yield root
    suffixed = list(_suffix_forms(root, flags, aff))
    for s in suffixed:
        if not s.needaffix and not s.circumfix:
            yield s.word
    if not aff.prefixes:
        return
    bad = aff.onlyincompound
    need = aff.needaffix
    circ = aff.circumfix
    # a prefix alone, and suffixes that a prefix's continuation flags add
    for pflag in flags:
        for p in aff.prefixes.get(pflag, ()):
            if bad is not None and bad in p.cont:
                continue
            p_need = need is not None and need in p.cont
            p_circ = circ is not None and circ in p.cont
            w = p.apply(root, aff.fullstrip)
            if w is not None and not p_need and not p_circ:
                yield w
            if not p.cross:
                continue
            extra = p.cont - flags
            if extra:
                for s in _suffix_forms(root, extra, aff):
                    if s.cross and s.circumfix == p_circ and not (p_need and s.needaffix):
                        w = p.apply(s.word, aff.fullstrip)
                        if w is not None:
                            yield w
    # a prefix with a suffix: the prefix class on the root or in the suffixes' continuation flags
    for s in suffixed:
        if not s.cross:
            continue
        for pflag in flags | s.cont:
            for p in aff.prefixes.get(pflag, ()):
                if not p.cross or (bad is not None and bad in p.cont):
                    continue
                p_need = need is not None and need in p.cont
                p_circ = circ is not None and circ in p.cont
                if s.circumfix != p_circ or (p_need and s.needaffix):
                    continue
                w = p.apply(s.word, aff.fullstrip)
                if w is not None:
                    yield w


def expand_dictionary(
    aff_text: str,
    dic_text: str,
    keep: Callable[[Entry], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[str]:
    """Every form of every entry ``keep`` accepts (all by default), forbidden words left out; may repeat a
    form. ``progress(done, total)`` is told every few thousand entries."""
    aff = AffixFile.parse(aff_text)
    entries = list(read_dic(dic_text, aff))
    forbidden = (
        {e.word for e in entries if aff.forbidden in e.flags} if aff.forbidden is not None else set[str]()
    )
    total = len(entries)
    for i, entry in enumerate(entries):
        if progress is not None and i % 5000 == 0:
            progress(i, total)
        if keep is not None and not keep(entry):
            continue
        for w in expand(entry, aff):
            if w not in forbidden:
                yield w
    if progress is not None:
        progress(total, total)


def expand_words(aff_text: str, dic_text: str) -> list[str]:
    """The sorted distinct forms of a dictionary (for tests and small files)."""
    return sorted(set(expand_dictionary(aff_text, dic_text)))


__all__ = [
    "Affix",
    "AffixFile",
    "Condition",
    "Entry",
    "HunspellError",
    "expand",
    "expand_dictionary",
    "expand_words",
    "parse_flags",
    "read_dic",
]

