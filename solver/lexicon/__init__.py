"""Word lists compiled for the search: a marisa-trie of the words and numpy side arrays.

The search never touches the storage format; it sees a ``Lexicon``: membership, the word of an index,
and per-word letter counts and lengths, with the words ordered by length so that a range of lengths is
one slice. The compiled form is cached on disk keyed by the list's content hash and loaded memory-mapped.
"""

from solver.lexicon.lexicon import Lexicon, WordList, decode_words, default_lexicon, load_lexicon, load_word_file

__all__ = ["Lexicon", "WordList", "decode_words", "default_lexicon", "load_lexicon", "load_word_file"]
