"""The game engine against the rules (one small, exact situation a rule, built with hardback_situations): the end of a
turn and of the game: discards and reshuffles, passing, the target, ties and the safety stop, literary awards, the
BGA offer-row clock and the ghost writer.
"""

from __future__ import annotations

from hardback_situations import buying, codes, finish, new_game, refused, row, seat, spell, spell_action, spell_long

from solver.game.hardback.actions import Buy, End, Ink, Pass, Remover
from solver.game.hardback.state import Phase
from solver.hardback.catalogue import Rules

# -- the turn's end: discards, reshuffles, passing ---------------------------------------------------------------


def test_the_word_is_discarded_and_a_new_hand_drawn_reshuffling_when_needed() -> None:
    game = new_game()
    p = seat(game, hand=["A", "T", "E", "S", "R"], draw=["L", "N"], discard=["B", "C", "D"])
    spell(game, "at", "A", "T")
    finish(game)
    assert len(p.hand) == 5 and {"L", "N"} <= set(codes(p.hand))
    assert sorted(codes(p.hand + p.draw)) == sorted(["L", "N", "B", "C", "D", "A", "T", "E", "S", "R"])
    assert not p.discard and game.state.current == 1


def test_pass_discards_everything_inked_cards_too_and_the_ink_is_gone() -> None:
    game = new_game()
    p = seat(game, hand=["A", "T", "E"], draw=["L", "N", "I", "O", "U", "S", "R"], discard=[], ink=2)
    game.apply(Ink())
    game.apply(Ink())
    inked = list(p.inked)
    game.apply(Pass())
    assert p.ink == 0 and p.passes == 1 and not p.inked
    assert sorted(codes(p.discard)) == sorted(["A", "T", "E", *codes(inked)])
    assert len(p.hand) == 5 and game.state.current == 1


# -- the end of the game ----------------------------------------------------------------------------------------


def test_the_game_ends_at_the_target_when_every_player_has_had_as_many_turns() -> None:
    game = new_game(3, target=10)
    st = game.state
    game.apply(Pass())
    seat(game, prestige=10)  # seat 1 reaches the target
    game.apply(Pass())
    assert st.ending and st.phase == Phase.PREPARE and st.current == 2
    game.apply(Pass())
    assert st.phase == Phase.OVER and st.turns == 3
    refused(game, {"action": "pass"}, "the game is over")


def test_the_last_seat_reaching_the_target_ends_the_game_at_once() -> None:
    game = new_game(2, target=10)
    game.apply(Pass())
    seat(game, prestige=12)
    game.apply(Pass())
    assert game.state.phase == Phase.OVER and game.winner() == 1


def test_a_tie_goes_to_the_most_ink_and_otherwise_stays_a_tie() -> None:
    game = new_game(3)
    for s, (prestige, ink) in enumerate([(20, 1), (20, 3), (19, 9)]):
        seat(game, s, prestige=prestige, ink=ink)
    assert game.winner() == 1
    seat(game, 0, ink=3)
    assert game.winner() is None


def test_the_safety_stop_ends_a_game_nobody_finishes() -> None:
    game = new_game(2, max_turns=2)
    for _ in range(4):
        game.apply(Pass())
    assert game.state.phase == Phase.OVER and game.state.turns == 4


# -- literary awards --------------------------------------------------------------------------------------------


def test_printed_awards_go_only_to_a_longer_word() -> None:
    game = new_game(literary_awards=True)
    st = game.state
    spell_long(game, "retinal")
    assert (st.award_length, st.award_holders) == (7, [0])
    spell_long(game, "ratline")  # as long: the award stays where it is
    assert (st.award_length, st.award_holders) == (7, [0])
    spell_long(game, "latrines")
    spell_long(game, "entrails")
    assert (st.award_length, st.award_holders) == (8, [0])
    assert game.final_scores() == [6, 0]


def test_bga_awards_are_shared_at_the_same_length() -> None:
    game = new_game(literary_awards=True, rules=Rules.BGA)
    st = game.state
    spell_long(game, "retinal")
    spell_long(game, "ratline")
    assert (st.award_length, st.award_holders) == (7, [0, 1])
    spell_long(game, "latrines")
    assert (st.award_length, st.award_holders) == (8, [0])
    spell_long(game, "entrails")
    assert st.award_holders == [0, 1] and game.final_scores() == [6, 6]


def test_awards_count_only_at_the_end_not_toward_the_target() -> None:
    game = new_game(literary_awards=True, target=10)
    seat(game, prestige=9)
    spell_long(game, "retinal")
    assert not game.state.ending and game.state.players[0].prestige == 9
    assert game.final_scores()[0] == 9 + 5


def test_no_awards_without_the_option() -> None:
    game = new_game()
    spell_long(game, "retinal")
    assert game.state.award_holders == [] and game.final_scores() == [0, 0]


# -- the BGA offer-row clock ------------------------------------------------------------------------------------


def test_bga_trashes_the_oldest_offer_card_when_the_row_did_not_change() -> None:
    game = new_game(rules=Rules.BGA)
    st = game.state
    st.offer_age = [2, 0, 1, 0, 3, 4, 5]
    oldest, top = st.offer_row[1], st.offer_deck[-1]
    buying(game, 0)
    game.apply(End())
    assert oldest in st.removed and st.offer_row[1] is top and st.offer_age[1] == 1


def test_bga_clock_counts_a_card_dealt_in_a_turn_younger_than_the_set_up_row() -> None:
    game = new_game(rules=Rules.BGA)
    st = game.state
    row(game, "adventure:B4", "horror:A3", "romance:U9", "mystery:X3", "horror:K2", "romance:E2", "adventure:G2")
    buying(game, 4)
    game.apply(Buy(0))  # a new card in slot 0, dealt in turn 0
    game.apply(End())
    game.apply(Pass())  # turn 1: the row did not change
    assert game.catalogue.lookup("horror:A3") in st.removed and st.offer_row[0] not in st.removed


def test_bga_clock_waits_when_the_row_changed() -> None:
    game = new_game(rules=Rules.BGA)
    st = game.state
    row(game, "adventure:B4", "horror:A3", "romance:U9", "mystery:X3", "horror:K2", "romance:E2", "adventure:G2")
    buying(game, 2)
    game.apply(Buy(4))
    game.apply(End())
    assert codes(st.offer_row)[:4] == ["adventure:B4", "horror:A3", "romance:U9", "mystery:X3"]
    assert st.removed == []


def test_the_printed_game_has_no_clock() -> None:
    game = new_game()
    before = list(game.state.offer_row)
    buying(game, 0)
    game.apply(End())
    assert game.state.offer_row == before


# -- the ghost writer -------------------------------------------------------------------------------------------


def test_a_ghost_writer_gets_an_ink_and_the_ink_on_the_inked_cards() -> None:
    game = new_game(3, ghost_writer=True)
    p = seat(game, hand=["A", "T"], draw=["L", "E"], ink=2)
    game.apply(Ink())
    game.apply(Ink())
    assert codes(p.inked) == ["E", "L"]
    spell(game, "let", "L@inked", "E@inked", "T", ghost=2)
    assert game.state.players[2].ink == 1 + 2 and game.state.players[1].ink == 0
    assert game.state.turn.ghost == 2


def test_ink_cancelled_by_a_remover_goes_back_to_the_supply_not_to_the_ghost_writer() -> None:
    game = new_game(3, ghost_writer=True)
    p = seat(game, hand=["A", "T"], draw=["S", "L", "E"], ink=3, remover=2)
    for _ in range(3):
        game.apply(Ink())
    game.apply(Remover("S"))  # freed by the remover action
    spell(game, "let", "L@inked", "E@inked", "T", ghost=1)
    assert game.state.players[1].ink == 1 + 2
    game = new_game(3, ghost_writer=True)
    p = seat(game, hand=["A", "T"], draw=["S", "L", "E"], ink=3, remover=1)
    for _ in range(3):
        game.apply(Ink())
    spell(game, "let", "L@inked", "E@inked", "T", ghost=1)  # S freed by the remover held
    assert p.remover == 0 and game.state.players[1].ink == 1 + 2
    game = new_game(3, ghost_writer=True)
    p = seat(game, hand=["A", "T"], draw=["S", "L", "E"], ink=3, remover=1)
    for _ in range(3):
        game.apply(Ink())
    spell(game, "teal", "T", "E@inked", "S*@inked", "L@inked", ghost=1)  # S laid wild: its ink is cancelled
    assert p.remover == 0 and game.state.players[1].ink == 1 + 2


def test_a_ghost_writer_must_be_another_seat_with_the_rule_on() -> None:
    game = new_game(3)
    seat(game, hand=["A", "T"])
    refused(game, spell_action("at", "A", "T", ghost=1), "ghost-writer rule on")
    game = new_game(3, ghost_writer=True)
    seat(game, hand=["A", "T"])
    for ghost in (0, 3, -1, True, "1"):
        refused(game, {**spell_action("at", "A", "T").to_json(), "ghost": ghost}, "ghost must be another player's seat")
