"""The game engine against the rules (one small, exact situation a rule, built with hardback_situations): set-up and
spelling: the deal, the options, the dictionary, how a word's cards may be laid, inked cards and removers, and the
discard before benefits.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hardback_situations import cards, codes, new_game, refused, seat, snapshot, spell, spell_action

from solver.game.hardback.actions import Dump, Ink, Remover, Skip
from solver.game.hardback.options import GameOptionsError
from solver.game.hardback.rules import COIN_STARTERS, PRESTIGE_STARTERS
from solver.game.hardback.state import Phase
from solver.hardback.benefits import Benefit, Kind

# -- set-up -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_ten_starters_five_in_hand_and_a_seven_card_offer_row(players: int) -> None:
    game = new_game(players, seed=players)
    st = game.state
    prestige_letters: list[str] = []
    for p in st.players:
        deck = p.hand + p.draw
        assert len(p.hand) == 5 and len(p.draw) == 5 and not p.discard
        assert all(c.is_starter for c in deck)
        letters = Counter(c.letter for c in deck)
        assert all(letters[x] == 1 for x in COIN_STARTERS)
        assert all(c.basic == (Benefit(Kind.COINS, 1),) for c in deck if c.letter in COIN_STARTERS)
        extra = [c for c in deck if c.letter in PRESTIGE_STARTERS]
        assert len(extra) == 2 and extra[0].letter != extra[1].letter
        assert all(c.basic == (Benefit(Kind.PRESTIGE, 1),) for c in extra)
        prestige_letters += [c.letter for c in extra]
        assert p.prestige == p.ink == p.remover == 0
    assert len(set(prestige_letters)) == 2 * players  # one card of each prestige starter in the box
    assert len(st.offer_row) == 7 and len(st.offer_deck) == 140 - 7
    assert not any(c.is_starter for c in st.offer_row + st.offer_deck)
    # the starters nobody was dealt are kept aside, out of the game
    assert all(c.is_starter for c in st.unused)
    assert len(st.unused) == 8 * (5 - players) + (10 - 2 * players)
    box = Counter({c: c.copies for c in game.catalogue})
    assert st.all_cards() == box and sum(box.values()) == 190
    assert (st.current, st.phase, st.turns) == (0, Phase.PREPARE, 0)


def test_the_same_seed_deals_the_same_game() -> None:
    assert snapshot(new_game(3, seed=9)) == snapshot(new_game(3, seed=9))
    assert snapshot(new_game(3, seed=9)) != snapshot(new_game(3, seed=10))


def test_options_out_of_range_are_refused_with_the_reason() -> None:
    with pytest.raises(GameOptionsError, match="players must be from 2 to 5"):
        new_game(6)
    with pytest.raises(GameOptionsError, match="from 1 to 4 in the cooperative anthology"):
        new_game(5, coop=True)
    with pytest.raises(GameOptionsError, match="target"):
        new_game(2, target=5)
    with pytest.raises(GameOptionsError, match="penny_genre"):
        new_game(2, coop=True, penny_genre="western")


# -- spelling ---------------------------------------------------------------------------------------------------


def test_a_word_not_in_the_dictionary_is_refused() -> None:
    game = new_game()
    seat(game, hand=["T", "A", "E", "S", "R"])
    refused(game, spell_action("aet", "A", "E", "T"), "'aet' is not in the dictionary")
    refused(game, {"action": "spell", "word": " ", "layout": []}, "spell needs")
    spell(game, "ate", "A", "T", "E")
    assert game.state.phase == Phase.BUY and game.state.turn.word_text == "ate"


def test_the_table_can_ask_for_longer_words() -> None:
    game = new_game(min_length=3)
    seat(game, hand=["T", "A", "E"])
    refused(game, spell_action("at", "A", "T"), "words need at least 3 letters")
    spell(game, "tea", "T", "E", "A")


def test_a_face_up_card_must_show_its_letter() -> None:
    game = new_game()
    seat(game, hand=["T", "A", "E", "S", "R"])
    refused(game, spell_action("tea", "T", "S", "A"), "shows S face-up, not E")
    refused(game, spell_action("tea", "T", "B", "A"), "not among the state.s cards")
    refused(game, spell_action("tea", "T", "E"), "has 2 entries but 'tea' has 3 letters")
    spell(game, "tea", "T", "S*", "A")  # the S stands face-down for the E
    assert game.last is not None and [c["face"] for c in game.last.layout] == ["up", "wild", "up"]


def test_a_card_is_used_once() -> None:
    game = new_game()
    seat(game, hand=["T", "A", "E", "S", "R"])
    refused(game, spell_action("tat", "T", "A", "T"), "already used")


def test_a_wild_card_gives_nothing() -> None:
    game = new_game()
    seat(game, hand=["T", "A", "B", "S", "R"])
    spell(game, "tab", "T", "A", "B")
    assert (game.state.turn.coins, game.state.player.prestige) == (2, 1)
    game2 = new_game()
    seat(game2, hand=["T", "A", "B", "S", "R"])
    spell(game2, "tab", "T*", "A*", "B*")
    assert (game2.state.turn.coins, game2.state.player.prestige) == (0, 0)
    assert game2.last is not None and game2.last.totals.coins == 0


def test_an_inked_card_must_be_used_face_up() -> None:
    game = new_game()
    seat(game, hand=["T", "A", "E", "S", "R"], inked=["adventure:G2"])
    refused(game, spell_action("tea", "T", "E", "A"), "every inked card .* must be in the word face-up")
    refused(game, spell_action("tea", "T", "adventure:G2*", "A"), "must be in the word face-up")
    spell(game, "tag", "T", "A", "adventure:G2")
    p = game.state.player
    assert not p.inked and game.state.turn.word == cards(game, "T", "A", "adventure:G2")
    assert p.prestige == 1  # G2: 1 prestige (Adventure alone: no genre)


def test_a_remover_frees_an_inked_card_in_the_word() -> None:
    """Without the remover action, a remover held lets the word leave an inked card out (it is spent)."""
    game = new_game()
    p = seat(game, hand=["T", "A", "E", "S", "R"], inked=["adventure:G2"], remover=1)
    spell(game, "tea", "T", "E", "A")
    assert p.remover == 0 and game.catalogue.lookup("adventure:G2") in p.discard


def test_the_remover_action_turns_an_inked_card_into_a_hand_card() -> None:
    game = new_game()
    p = seat(game, hand=["T", "A", "E", "S", "R"], inked=["adventure:G2"])
    refused(game, {"action": "remover", "card": "adventure:G2"}, "no remover token")
    p.remover = 2
    refused(game, {"action": "remover", "card": "E"}, "not an inked card of yours")
    refused(game, {"action": "remover", "card": "adventure:Q9"}, "no card")
    refused(game, {"action": "remover"}, "must be a card code")
    game.apply(Remover("adventure:G2"))
    assert p.remover == 1 and not p.inked and p.hand[-1].code == "adventure:G2"
    spell(game, "tea", "T", "adventure:G2*", "A")  # now it may be wild, or left out
    assert p.remover == 1


def test_ink_draws_the_top_card_of_the_draw_pile_as_an_inked_card() -> None:
    game = new_game()
    p = seat(game, hand=["T", "A", "E", "S", "R"], draw=["L", "adventure:G2"], ink=2)
    game.apply(Ink())
    assert p.ink == 1 and codes(p.inked) == ["adventure:G2"] and codes(p.draw) == ["L"]
    assert game.state.turn.ink_used == 1
    p.ink = 0
    refused(game, {"action": "ink"}, "no ink to spend")
    p.ink, p.draw, p.discard = 1, [], []
    refused(game, {"action": "ink"}, "no card left to draw")


def test_ink_reshuffles_the_discard_pile_when_the_draw_pile_is_empty() -> None:
    game = new_game()
    p = seat(game, hand=["T", "A", "E", "S", "R"], draw=[], discard=["L", "N"], ink=1)
    game.apply(Ink())
    assert len(p.inked) == 1 and len(p.draw) == 1 and not p.discard
    assert sorted(codes(p.inked + p.draw)) == ["L", "N"]


# -- discard, then benefits -------------------------------------------------------------------------------------


def test_unused_cards_are_discarded_before_benefits_so_a_dump_can_take_one() -> None:
    game = new_game()
    p = seat(game, hand=["romance:A4", "T", "E", "S", "R"], discard=[])
    spell(game, "at", "romance:A4", "T", objective="coins")  # A4: 1c and dump=1c; T 1c
    assert game.state.phase == Phase.CHOICES and game.state.turn.dumps == [1]
    assert sorted(codes(p.discard)) == ["E", "R", "S"]  # the unused cards, already discarded
    assert game.state.turn.coins == 2  # the dump's coin comes with the choice
    refused(game, {"action": "dump", "card": "T"}, "not in your discard pile")  # in the word: cannot be dumped
    refused(game, {"action": "end"}, "not allowed in the choices phase")
    game.apply(Dump("S"))
    assert game.state.turn.coins == 3 and codes(p.discard) == ["E", "R"]
    assert game.catalogue.lookup("S") in game.state.removed
    assert game.state.phase == Phase.BUY
    refused(game, {"action": "dump", "card": "E"}, "not allowed in the buy phase")


def test_a_dump_with_nothing_to_dump_gives_nothing() -> None:
    game = new_game()
    p = seat(game, hand=["romance:A4", "T"], discard=[])
    spell(game, "at", "romance:A4", "T", objective="coins")
    assert game.state.phase == Phase.BUY and game.state.turn.coins == 2 and not p.discard


def test_skip_gives_up_the_choices_left() -> None:
    game = new_game()
    seat(game, hand=["romance:A4", "T", "E"])
    spell(game, "at", "romance:A4", "T", objective="coins")
    game.apply(Skip())
    assert game.state.phase == Phase.BUY and game.state.turn.coins == 2


def test_an_inked_card_played_wild_needs_a_remover() -> None:
    """Inked cards cannot be turned face-down: naming one wild in a layout spends a remover (regression)."""
    game = new_game()
    seat(game, hand=["T", "A", "E"], inked=["adventure:G2"])
    refused(game, spell_action("tea", "T", "adventure:G2*", "A"), "must be in the word face-up")
    p = seat(game, remover=1)
    spell(game, "tea", "T", "adventure:G2*", "A")
    assert p.remover == 0 and p.prestige == 0
