"""Card codes, the benefit notation and the shipped catalogue."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import CardCodeError
from solver.hardback.benefits import Benefit, Kind, parse_benefits
from solver.hardback.cards import Card, parse_code
from solver.hardback.catalogue import Catalogue, Rules
from solver.hardback.genres import Genre

CATALOGUE = Catalogue.hardback()


def test_catalogue_has_all_158_cards() -> None:
    cards = list(CATALOGUE)
    assert len(cards) == 158
    assert sum(c.is_starter for c in cards) == 18
    for g in Genre:
        assert sum(c.genre is g for c in cards) == 35
    assert sum(c.timeless for c in cards) == 16
    assert len(set(CATALOGUE.codes())) == 158  # every code names one card


def test_codes_round_trip_for_every_catalogue_card() -> None:
    for card in CATALOGUE:
        assert CATALOGUE.lookup(card.code) is card
        assert CATALOGUE.lookup(card.code.upper()) is card


@pytest.mark.parametrize(
    ("code", "canonical"),
    [
        ("romance:F6", "romance:F6"),
        ("r:F6", "romance:F6"),
        ("R:f6", "romance:F6"),
        ("E", "E"),
        ("starter:E", "E"),
        ("e", "E"),
        ("romance:R5tc", "romance:R5tc"),
        ("romance:R5", "romance:R5"),
        ("a:P8", "adventure:P8"),
        ("adventure:P8tc", "adventure:P8"),
        ("M:a5", "mystery:A5"),
        ("ｒ：Ｆ６", "romance:F6"),  # fullwidth, as a CJK input mode types it: NFKC reads it as ASCII
        ("Ｅ", "E"),
        ("r:F\u2076", "romance:F6"),  # a superscript 6 is a 6 once normalised
        ("ＲＯＭＡＮＣＥ:R5tc", "romance:R5tc"),
    ],
)
def test_code_forms(code: str, canonical: str) -> None:
    assert CATALOGUE.lookup(code).code == canonical


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("r:F٣", "U+0663 (ARABIC-INDIC DIGIT THREE) is not a digit 0-9"),
        ("r:Q4{2p | ٢p}", "U+0662"),
        ("ﬁ", "card 'ﬁ' reads as 'fi' once normalised (NFKC): 'fi' is 2 letters, and a card has one"),
        ("r:İ4{2p | 2p}", "card 'r:İ4{2p | 2p}' has the letter 'İ': U+0130"),
        ("r:ı4{2p | 2p}", "its capital is 'I', whose small form is 'i'"),
        ("E\u200d", "U+200D (ZERO WIDTH JOINER)"),
        ("r:Q4{" + "1c " * 9 + "| 2p}", "9 benefits, and a side of a card has at most 8"),
        ("r:Q4{2p | " + "double " * 3000 + "}", "3000 benefits"),
    ],
)
def test_codes_no_one_typed_are_refused_with_the_character_named(code: str, says: str) -> None:
    with pytest.raises(CardCodeError) as e:
        CATALOGUE.lookup(code)
    assert says in str(e.value)


def test_yo_is_folded_to_ye_as_the_word_lists_fold_it() -> None:
    russian = Catalogue.russian()
    assert russian.lookup("Ё") is russian.lookup("Е") and russian.lookup("ё").code == "Е"
    inline = Card.from_code("романы:Ё4{2p | double}")
    assert inline.letter == "Е" and inline.match_letter == "е" and inline.code == "romance:Е4{2p | double}"


def test_the_timeless_romance_r_needs_tc() -> None:
    plain, classic = CATALOGUE.lookup("romance:R5"), CATALOGUE.lookup("romance:R5tc")
    assert not plain.timeless and classic.timeless
    assert Kind.PREVIEW in {b.kind for b in plain.genre_bonus}
    assert [b.kind for b in classic.genre_bonus] == [Kind.DUMP]


def test_unknown_code_names_the_closest_real_codes() -> None:
    with pytest.raises(CardCodeError, match=r"romance:F4, romance:F6"):
        CATALOGUE.lookup("romance:F5")
    with pytest.raises(CardCodeError, match="malformed"):
        CATALOGUE.lookup("12")
    with pytest.raises(CardCodeError, match="no cost"):
        CATALOGUE.lookup("romance:F")
    with pytest.raises(CardCodeError, match="unknown genre"):
        CATALOGUE.lookup("x:F6")
    assert isinstance(CardCodeError("x"), ValueError)


def test_card_facts_from_the_reference() -> None:
    a5 = CATALOGUE.lookup("adventure:A5")
    assert (a5.cost, a5.purchase_prestige) == (5, 1)
    assert a5.basic == (Benefit(Kind.PRESTIGE, 2), Benefit(Kind.TRASH_FOR_COINS, 3))
    assert a5.genre_bonus == (Benefit(Kind.PRESTIGE, 1),)
    o6 = CATALOGUE.lookup("adventure:O6")
    assert o6.genre_bonus == (Benefit(Kind.COINS_PER_GENRE, 2, Genre.ADVENTURE),)
    assert CATALOGUE.lookup("E").copies == 5 and CATALOGUE.lookup("B").copies == 1


def test_horror_h_printed_by_default_and_redesigned_under_bga() -> None:
    printed = CATALOGUE.lookup("horror:H7")
    bga = Catalogue.hardback(Rules.BGA).lookup("horror:H7")
    assert Kind.OPPONENTS_RETURN in {b.kind for b in printed.genre_bonus}
    assert bga.basic == (Benefit(Kind.COINS, 1), Benefit(Kind.PRESTIGE, 2))
    assert bga.genre_bonus == (Benefit(Kind.PRESTIGE_PER_INKED, 1),)
    assert bga.code == printed.code


def test_inline_house_card() -> None:
    card = Card.from_code("romance:Q4{2p dump=1c | 2p}")
    assert card.inline and card.genre is Genre.ROMANCE and card.letter == "Q"
    assert card.basic == (Benefit(Kind.PRESTIGE, 2), Benefit(Kind.DUMP, 1))
    assert Card.from_code(card.code) == card
    assert CATALOGUE.lookup(card.code) == card
    cyrillic = CATALOGUE.lookup("h:ж3{2c/p | ink/remover}")
    assert cyrillic.letter == "Ж" and cyrillic.match_letter == "ж"
    with pytest.raises(CardCodeError, match="unknown benefit"):
        Card.from_code("romance:Q4{2x}")
    with pytest.raises(CardCodeError, match="ends with"):
        Card.from_code("romance:Q4{2p")


def test_parse_code_parts() -> None:
    p = parse_code("r:R5tc")
    assert (p.genre, p.letter, p.cost, p.timeless, p.benefits) == (Genre.ROMANCE, "R", 5, True, None)


TOKENS = [
    "1c",
    "2p",
    "3c/p",
    "ink/remover",
    "trash=2c",
    "trash=1p",
    "dump=1c",
    "double",
    "uncover",
    "jail",
    "preview=3",
    "2c*adventure",
    "1p*wild",
    "1p*inked",
    "opponents-return",
]


@given(
    st.lists(st.sampled_from(TOKENS), max_size=5),
    st.lists(st.sampled_from(TOKENS), max_size=5),
    st.sampled_from(list(Genre)),
    st.sampled_from("ABCXYZЖЯ"),
    st.integers(0, 12),
    st.booleans(),
)
def test_inline_codes_round_trip(
    basic: list[str], bonus: list[str], genre: Genre, letter: str, cost: int, timeless: bool
) -> None:
    text = f"{genre.value}:{letter}{cost}{'tc' if timeless else ''}{{{' '.join(basic)} | {' '.join(bonus)}}}"
    card = Card.from_code(text)
    assert card.timeless == timeless
    assert Card.from_code(card.code) == card
    assert parse_benefits(" ".join(str(b) for b in card.basic)) == card.basic


def test_catalogue_search() -> None:
    assert {c.code for c in CATALOGUE.search(letter="F", genre=Genre.ROMANCE)} == {"romance:F4", "romance:F6"}
    assert len(CATALOGUE.search(timeless=True)) == 16
    assert all(c.is_starter for c in CATALOGUE.search(genre=None))
    assert {c.code for c in CATALOGUE.search("per wild")} == {"mystery:N7"}


def test_a_code_looked_up_again_is_the_same_card_and_errors_stay_errors() -> None:
    cat = Catalogue(Catalogue.hardback())  # a catalogue of its own: nothing remembered yet
    for code in ("r:F6", "romance:F6", "R:f6", "ｒ：Ｆ６", "E", "mystery:T8", "m:T8tc"):
        first = cat.lookup(code)
        assert code in cat._looked and cat.lookup(code) is first and first == cat._lookup(code)  # as a parse gives
    assert cat.lookup("r:F6") is cat.lookup("romance:F6")
    inline = "romance:Q4{2p | 1c}"
    assert cat.lookup(inline) == Card.from_code(inline) and inline not in cat._looked  # house cards: not kept
    for _ in range(2):
        with pytest.raises(CardCodeError, match="no card"):
            cat.lookup("r:F9")


def test_equal_cards_hash_alike_and_cards_of_one_letter_stay_apart() -> None:
    cards = list(Catalogue.hardback())
    assert len(set(cards)) == len(cards)
    for c in cards:
        twin = Card(c.letter, c.genre, c.cost, c.basic, c.genre_bonus, c.timeless, c.purchase_prestige, c.copies)
        assert twin == c and hash(twin) == hash(c)
    plain, classic = Card("A", Genre.MYSTERY, 5, timeless=False), Card("A", Genre.MYSTERY, 5, timeless=True)
    assert plain != classic and len({plain, classic}) == 2
