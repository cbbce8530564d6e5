"""Tests of the brute-force oracle itself: the worked examples, and one small hand-made case per rule.

Every expected number here was worked out by hand from the rules (docs: shared/reference/rules-notes.md);
the comments show the sums.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from solver.hardback.objectives import Objective, Weights
from solver.hardback.state import TurnState

from oracle import OracleMove, award_prestige, oracle_best
from tests_paths import DATA

EXAMPLES: list[dict[str, Any]] = json.loads((DATA / "hardback-examples.json").read_text(encoding="utf-8"))
WORDS: list[str] = (DATA / "examples-words.txt").read_text(encoding="utf-8").split()


def make(
    hand: Sequence[str],
    *,
    inked: Sequence[str] = (),
    imposed: Sequence[str] = (),
    mine: Sequence[str] = (),
    others: Sequence[str] = (),
    discard: Sequence[str] = (),
    remover: int = 0,
    **options: object,
) -> TurnState:
    """A turn state from card codes, through the same JSON reading the tool uses."""
    return TurnState.from_json(
        {
            "hand": list(hand),
            "inked": list(inked),
            "imposed": list(imposed),
            "timeless": {"mine": list(mine), "others": list(others)},
            "discard": list(discard),
            "remover": remover,
            "options": options,
        }
    )


def best(state: TurnState, word: str, objective: str = "prestige", weights: Weights | None = None) -> OracleMove:
    moves = oracle_best(state, [word], Objective(objective), weights)
    assert word in moves, f"{word!r} should be spellable"
    return moves[word]


def totals(move: OracleMove) -> tuple[int, int]:
    return (move.prestige, move.coins)


def spellable(state: TurnState, words: Sequence[str]) -> set[str]:
    return set(oracle_best(state, words, Objective.PRESTIGE))


# ----- the worked examples --------------------------------------------------------------------------

RANK: dict[str, Callable[[OracleMove], tuple[int, int]]] = {
    "prestige": lambda m: (m.prestige, m.coins),
    "coins": lambda m: (m.coins, m.prestige),
}


@pytest.mark.parametrize("objective", ["prestige", "coins"])
@pytest.mark.parametrize("example", EXAMPLES, ids=[e["title"].split(":")[0] for e in EXAMPLES])
def test_worked_example(example: dict[str, Any], objective: str) -> None:
    state = TurnState.from_json(example["state"])
    moves = oracle_best(state, WORDS, Objective(objective))
    expected = example["best"][objective]
    top = max(moves.values(), key=RANK[objective])
    assert totals(top) == (expected["prestige"], expected["coins"]), top.arrangement
    # the example's own word reaches those totals too
    assert totals(moves[expected["word"]]) == (expected["prestige"], expected["coins"])


# ----- doubling ------------------------------------------------------------------------------------


def test_double_multiplies_prestige_and_trash_amount() -> None:
    # F6 (2c double) doubles G6 (4p trash=4c): 8p, trash for 8c; plus F's 2c
    move = best(make(["romance:F6", "adventure:G6"]), "fg")
    assert totals(move) == (8, 10)
    assert move.trashed == 1
    assert [c[3] for c in move.cards] == [1, 2]


def test_two_doublers_triple_not_quadruple() -> None:
    # P6 (2p double | 1p) and W4 (1p double | 1p) both double A7 (3p): 9p; romance active: 3p + 2p
    move = best(make(["romance:P6", "adventure:A7", "romance:W4"]), "paw")
    assert totals(move) == (14, 0)
    assert [c[3] for c in move.cards] == [1, 3, 1]


def test_double_needs_a_showing_neighbour() -> None:
    # A7 is wild at "z": nothing to double, only F's 2c
    assert totals(best(make(["romance:F6", "adventure:A7"]), "fz")) == (0, 2)


def test_double_cannot_target_an_opponents_classic() -> None:
    move = best(make(["romance:F6"], others=["romance:K5"]), "fk")
    assert totals(move) == (0, 2)
    assert move.cards[1] == ("romance:K5", "other", "up", 1)


def test_own_classic_in_the_word_can_be_doubled_and_counts_once() -> None:
    # I3 (2p) doubled: 4p, counted once although it is always in the tableau
    move = best(make(["romance:F6"], mine=["adventure:I3"]), "fi")
    assert totals(move) == (4, 2)
    assert move.cards[1] == ("adventure:I3", "mine", "up", 2)


def test_doubling_is_optional() -> None:
    # with coins worth -1, F6 does not double the starter A (1c); inked, so neither can be wild
    move = best(make(["E"], inked=["romance:F6", "A"]), "fa", "value", Weights(coins=-1.0))
    assert totals(move) == (0, 3)
    assert move.value == -3.0


# ----- uncovering ----------------------------------------------------------------------------------


def test_uncover_chain() -> None:
    # A3 (1p uncover) uncovers M3 (1c uncover | 1c), which uncovers T6 (2p uncover | 2p)
    move = best(make(["mystery:A3", "mystery:M3", "mystery:T6"]), "azz")
    assert totals(move) == (5, 2)
    assert [c[2] for c in move.cards] == ["up", "unc", "unc"]


def test_genre_uncover_needs_active_genre() -> None:
    # E4 (2c | uncover) alone: no Mystery pair, L6 stays wild
    assert totals(best(make(["mystery:E4", "mystery:L6"]), "ez")) == (0, 2)
    # own classic M4 (1c | 1c jail) makes Mystery active: L6 uncovered, 3p + 1p
    move = best(make(["mystery:E4", "mystery:L6"], mine=["mystery:M4"]), "ez")
    assert totals(move) == (4, 4)
    assert move.jail == 1
    assert move.cards[1] == ("mystery:L6", "hand", "unc", 1)


def test_uncover_sequence_activates_genre_for_the_next_uncover() -> None:
    # house card Q (uncover) uncovers D4 (1p uncover | 2p): Mystery now active (D4, E4),
    # so E4's genre uncover can uncover L6 (3p | 1p uncover): 3p + 2c + 4p
    move = best(make(["adventure:Q3{uncover | -}", "mystery:D4", "mystery:E4", "mystery:L6"]), "qzez")
    assert totals(move) == (7, 2)


def test_uncovered_card_can_be_doubled() -> None:
    # I5 (2c uncover) uncovers A7 (3p), which F6 (2c double) doubles: 6p
    move = best(make(["mystery:I5", "adventure:A7", "romance:F6"]), "izf")
    assert totals(move) == (6, 4)
    assert move.cards[1] == ("adventure:A7", "hand", "unc", 2)


def test_uncovering_is_optional() -> None:
    # with prestige worth -1, A7 (3p) is better left face-down
    move = best(make(["mystery:I5", "adventure:A7"]), "iz", "value", Weights(prestige=-1.0))
    assert totals(move) == (0, 2)
    assert move.cards[1][2] == "wild"


# ----- genres and classics -------------------------------------------------------------------------


def test_own_classic_outside_the_word_activates_genre() -> None:
    assert totals(best(make(["adventure:D4", "E"]), "de")) == (0, 3)
    # I3 (2p) in play: D4's genre 3p, I3's 2p
    assert totals(best(make(["adventure:D4", "E"], mine=["adventure:I3"]), "de")) == (5, 3)
    # the same when I3 is used in the word
    move = best(make(["adventure:D4", "E"], mine=["adventure:I3"]), "die")
    assert totals(move) == (5, 3)
    assert move.classics_kept == 0  # already in play


def test_wild_cards_do_not_count_for_genre() -> None:
    # O6 (2p | 2c*adventure), B4 (2p | 2p) face-up; R3 wild does not count: 2 adventure cards
    assert totals(best(make(["adventure:O6", "adventure:B4", "adventure:R3"]), "obz")) == (6, 4)


def test_opponents_classic_gives_nothing_and_goes_home() -> None:
    state = make(["adventure:D4"], others=["adventure:I3"])
    move = best(state, "di")
    assert totals(move) == (0, 2)  # D4's genre not active
    assert move.classics_sent_home == 1
    assert best(state, "di", "value").value == 0.5 * 2 + 1.0
    # an opponent's classic is never wild
    assert spellable(state, ["di", "dz", "zi"]) == {"di", "zi"}


# ----- ink and remover -----------------------------------------------------------------------------


def test_inked_cards_must_be_placed_face_up() -> None:
    state = make(["A", "E"], inked=["horror:X2"])
    assert spellable(state, ["ae", "axe", "ax", "xe", "zx", "az", "ta"]) == {"axe", "ax", "xe", "zx"}


def test_remover_frees_an_inked_card() -> None:
    state = make(["A", "E"], inked=["horror:X2"], remover=1)
    assert spellable(state, ["ae", "axe", "az", "ta"]) == {"ae", "axe", "az", "ta"}
    move = best(state, "ae", "value")
    assert move.removers_spent == 1
    assert move.value == 0.5 * 2 - 0.5
    assert best(state, "axe", "value").removers_spent == 0


def test_freed_card_may_be_face_up() -> None:
    # pointless unless spending a remover is rewarded, as here
    move = best(make(["A"], inked=["horror:X2"], remover=1), "ax", "value", Weights(remover_spent=-1.0))
    assert move.removers_spent == 1
    assert move.cards[1] == ("horror:X2", "freed", "up", 1)


def test_freed_card_left_out_is_dump_fodder() -> None:
    # M2 (1c dump=1c) dumps X2, freed and unused; E 1c
    state = make(["romance:M2", "E"], inked=["horror:X2"], remover=1)
    move = best(state, "me", "coins")
    assert totals(move) == (0, 3)
    assert move.dumped == 1
    assert spellable(make(["romance:M2", "E"], inked=["horror:X2"]), ["me"]) == set()


# ----- dump ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("discard", "coins"), [((), 3), (("E",), 4), (("E", "T"), 5), (("E", "T", "S"), 5)])
def test_dump_is_limited_by_fodder(discard: tuple[str, ...], coins: int) -> None:
    # M2 (1c dump=1c), A4 (1c dump=1c | 1c), Romance active: 3c plus one coin per dump with fodder
    move = best(make(["romance:M2", "romance:A4"], discard=discard), "ma", "coins")
    assert totals(move) == (0, coins)
    assert move.dumped == coins - 3


def test_unused_hand_card_is_dump_fodder() -> None:
    assert totals(best(make(["romance:M2", "romance:A4", "T"]), "ma", "coins")) == (0, 4)


def test_doubled_dump_and_fodder_going_to_the_bigger_dump() -> None:
    # F6 (2c double | 1c dump=1c) doubles M2 (1c dump=1c): F 2c+1c, M 2c; dumps 1c and 2c
    assert totals(best(make(["romance:F6", "romance:M2"], discard=["E", "T"]), "fm", "coins")) == (0, 8)
    assert totals(best(make(["romance:F6", "romance:M2"], discard=["E"]), "fm", "coins")) == (0, 7)


# ----- specials ------------------------------------------------------------------------------------


def test_mystery_n_counts_wild_and_uncovered_cards() -> None:
    # D4 (1p uncover | 2p) uncovers N7 (3p | 1p 1p*wild): wilds N7, T, S = 3
    state = make(["mystery:D4", "mystery:N7", "T", "S"])
    move = best(state, "dzzz")
    assert totals(move) == (10, 0)
    assert move.cards[1] == ("mystery:N7", "hand", "unc", 1)
    assert totals(best(state, "dzzz", "coins")) == (1, 1)  # T uncovered instead
    # N7 face-up and A3 (1p uncover) uncovering T: 2 wilds, N7 3p + 1p + 2p, A3 1p, T 1c: (7, 1);
    # better, N7 wild at "n" and uncovered by A3: N7 counts itself, 3 wilds: 3p + 1p + 3p, A3 1p
    move = best(make(["mystery:N7", "mystery:A3", "T", "S"]), "nazz")
    assert totals(move) == (8, 0)
    assert move.cards[0] == ("mystery:N7", "hand", "unc", 1)
    assert totals(best(make(["mystery:N7", "mystery:A3", "T", "S"]), "nazz", "coins")) == (7, 1)


def test_adventure_o_counts_tableau_adventure_cards_and_doubles() -> None:
    # O6 (2p | 2c*adventure), B4 (2p | 2p), own classic C5 (2p | 1p): 3 adventure cards, 6c
    assert totals(best(make(["adventure:O6", "adventure:B4"], mine=["adventure:C5"]), "ob")) == (9, 6)
    state = make(["romance:F6", "adventure:O6", "adventure:B4"], mine=["adventure:C5"])
    # F6 between them doubles B4 (8p) for prestige, or O6 (4p, 12c) for coins
    assert totals(best(state, "bfo", "prestige")) == (13, 8)
    assert totals(best(state, "bfo", "coins")) == (11, 14)


def test_bga_horror_h_counts_inked_cards() -> None:
    # BGA H7 (1c 2p | 1p*inked) with inked A3 (2c/p) and I4 (2p | 2c/p): 4p 1c, 2, 2p + 2
    state = make(["horror:H7"], inked=["horror:A3", "horror:I4"], remover=1, rules="bga")
    assert totals(best(state, "hai")) == (10, 1)
    # a freed card is not inked: I4 freed and wild, one inked card left
    move = best(state, "haz")
    assert totals(move) == (5, 1)
    assert move.removers_spent == 1
    # printed H7 (2c 1p | 1c 2p opponents-return)
    printed = best(make(["horror:H7"], inked=["horror:A3", "horror:I4"]), "hai")
    assert totals(printed) == (9, 3)
    assert printed.opponents_return == 1


def test_bga_horror_h_does_not_count_a_letter_a_rival_imposed() -> None:
    # Disfigured Letter: "All opponents must use that letter in their next word. They do not receive any Benefits
    # provided by the card." A blank O imposed, BGA H7 (1c 2p | 1p*inked), T4 (2p | 1p): 2p 1c + 0 inked, 0, 2p + 1p
    blank = "starter:O0{- | -}"
    state = make(["horror:H7", "horror:T4"], inked=[blank], imposed=[blank], remover=1, rules="bga")
    move = best(state, "hot")
    assert totals(move) == (5, 1)
    assert [source for _, source, _, _ in move.cards] == ["hand", "imposed", "hand"]
    # the same blank drawn with ink is an inked card: 1p more
    assert totals(best(make(["horror:H7", "horror:T4"], inked=[blank], remover=1, rules="bga"), "hot")) == (6, 1)
    # a remover frees a card drawn with ink, never a rival's letter: HT needs the O freed
    assert spellable(state, ["ht", "hot"]) == {"hot"}
    assert spellable(make(["horror:H7", "horror:T4"], inked=[blank], remover=1, rules="bga"), ["ht"]) == {"ht"}
    # beside a card drawn with ink, only that one counts: H7 2p + 1, A3 2p, O
    both = make(["horror:H7"], inked=["horror:A3", blank], imposed=[blank], rules="bga")
    assert totals(best(both, "hao")) == (5, 1)


# ----- choices -------------------------------------------------------------------------------------


def test_either_follows_the_objective_and_is_doubled() -> None:
    state = make(["horror:A3", "T"])
    assert totals(best(state, "at", "prestige")) == (2, 1)
    assert totals(best(state, "at", "coins")) == (0, 3)
    doubled = make(["romance:F6", "horror:A3"])
    assert totals(best(doubled, "fa", "prestige")) == (4, 2)
    assert totals(best(doubled, "fa", "coins")) == (0, 6)


def test_value_chooses_ink_or_remover_by_weight() -> None:
    state = make(["horror:C5", "A"])  # C5: 2p ink/remover
    move = best(state, "ca", "value")
    assert (move.ink, move.remover, move.value) == (0, 1, 2 + 0.5 + 0.5)
    move = best(state, "ca", "value", Weights(ink=1.0))
    assert (move.ink, move.remover, move.value) == (1, 0, 2 + 0.5 + 1.0)


def test_value_chooses_trash_by_weight() -> None:
    state = make(["adventure:A5", "T"])  # A5: 2p trash=3c
    assert best(state, "at", "prestige").trashed == 1
    move = best(state, "at", "value")
    assert (move.trashed, move.value) == (1, 2 + 0.5 * 4 - 1.0)
    move = best(state, "at", "value", Weights(trash=2.0))
    assert (move.trashed, move.value) == (0, 2 + 0.5)


def test_value_chooses_dump_by_weight() -> None:
    state = make(["romance:M2", "T"], discard=["E"])
    move = best(state, "mt", "value")
    assert (move.dumped, move.coins) == (1, 3)
    move = best(state, "mt", "value", Weights(dump=1.0))
    assert (move.dumped, move.coins) == (0, 2)


def test_value_counts_classics_kept() -> None:
    state = make(["adventure:I3", "E"])  # I3 is a timeless classic in hand
    move = best(state, "ie", "value")
    assert (move.classics_kept, move.value) == (1, 2 + 0.5 + 1.5)
    move = best(state, "ze", "value")  # I3 wild: not kept
    assert (move.classics_kept, move.value) == (0, 0.5)


# ----- word rules ----------------------------------------------------------------------------------


def test_word_length_limits() -> None:
    assert spellable(make(["A", "T"]), ["at", "a", "ate"]) == {"at"}
    assert spellable(make(["A", "T", "E"], min_length=3), ["at", "ate"]) == {"ate"}


@pytest.mark.parametrize(
    ("rules", "held", "award"), [("printed", 0, 5), ("printed", 7, 0), ("bga", 7, 5), ("bga", 8, 0)]
)
def test_literary_award_in_value_only(rules: str, held: int, award: int) -> None:
    state = make(["A"] * 5 + ["E"] * 2, rules=rules, literary_awards=True, award_held=held)
    move = best(state, "zzzzzzz", "value")  # seven wilds: nothing but the award
    assert (move.prestige, move.award, move.value) == (0, award, 0.5 * award)
    assert best(state, "zzzzzzz", "prestige").prestige == 0


def test_award_table() -> None:
    state = make(["A"], literary_awards=True)
    assert [award_prestige(state, n) for n in (6, 7, 8, 9, 10, 11, 12, 15)] == [0, 5, 6, 7, 9, 12, 15, 15]
    assert award_prestige(make(["A"]), 9) == 0
