"""The game engine against the rules (one small, exact situation a rule, built with hardback_situations): player
powers: dealing them, their cost, and each power's effect.
"""

from __future__ import annotations

from typing import Any

import pytest
from hardback_situations import codes, finish, new_game, powered, refused, row, seat, spell, spell_action

from solver.game.hardback.actions import End, Pass, Power, Preview
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.state import Phase
from solver.hardback.catalogue import Rules

from helpers import lexicon_of

# -- player powers ----------------------------------------------------------------------------------------------


def power(game: Game, **args: Any) -> Power:
    return Power(game.state.player.power, **args)


def test_powers_are_dealt_one_a_player_from_the_chosen_side() -> None:
    for side, names in ((Powers.PASSIVE, ("unnatural", "lyrical", "exploration", "unsightly", "pint")),
                        (Powers.AGGRESSIVE, ("triangle", "disfigured", "miniaturize", "rap", "journey"))):  # fmt: skip
        game = new_game(5, powers=side)
        dealt = [p.power for p in game.state.players]
        assert sorted(dealt) == sorted(names)
    assert all(p.power == "" for p in new_game(3).state.players)


def test_a_power_costs_its_ink_and_must_be_ones_own() -> None:
    game = powered("lyrical", "unnatural")
    p = seat(game, ink=1)
    refused(game, power(game), "Lyrical Prestige costs 2 ink; you have 1")
    refused(game, {"action": "power", "name": "unnatural"}, "your power is 'lyrical'")
    refused(new_game(), {"action": "power", "name": "lyrical"}, "player powers are not in play")
    p.ink = 4
    game.apply(power(game))
    game.apply(power(game))  # a passive power, as often as it is paid for
    assert (p.prestige, p.ink) == (2, 0)


def test_unnatural_creation_uses_an_offer_card_that_stays_in_the_row() -> None:
    game = powered("unnatural", "lyrical")
    st = game.state
    row(game, "horror:A3", "horror:K2", "romance:E2", "adventure:B4", "mystery:U2", "horror:S2", "horror:U2")
    p = seat(game, hand=["A", "T"], ink=6)
    refused(game, power(game, slot=9), "slot")
    game.apply(power(game, slot=3))
    refused(game, power(game, slot=3), "already in your hand this turn")
    assert st.turn.borrowed == [3] and p.ink == 3
    spell(game, "ab", "A", "adventure:B4")
    assert p.prestige == 2 and st.turn.coins == 1
    finish(game)
    assert codes(st.offer_row)[3] == "adventure:B4" and "adventure:B4" not in codes(p.discard + p.draw + p.hand)


def test_deck_exploration_draws_to_a_genre_and_inks_that_card() -> None:
    game = powered("exploration", "lyrical")
    p = seat(game, hand=["A", "T"], draw=["L", "mystery:U2", "N", "E", "horror:K2"], discard=[], ink=3)
    refused(game, power(game, genre="western"), "adventure, horror, mystery or romance")
    game.apply(power(game, genre="mystery"))
    assert codes(p.inked) == ["mystery:U2"] and p.ink == 0
    assert p.draw[0].code == "L" and sorted(codes(p.draw[1:])) == ["E", "N", "horror:K2"]


def test_deck_exploration_that_finds_nothing_puts_every_card_back() -> None:
    game = powered("exploration", "lyrical")
    p = seat(game, hand=["A", "T"], draw=["L", "N"], discard=["E"], ink=3)
    game.apply(power(game, genre="romance"))
    assert not p.inked and sorted(codes(p.draw + p.discard)) == ["E", "L", "N"] and p.ink == 0


def test_unsightly_card_draws_a_card_that_must_be_played_face_down() -> None:
    game = powered("unsightly", "lyrical")
    p = seat(game, hand=["A", "T"], draw=["E", "L"], ink=2)
    game.apply(power(game))
    assert codes(p.must_wild) == ["L"] and p.ink == 0
    refused(game, spell_action("at", "A", "T"), "must be played face-down in this word")
    refused(game, spell_action("tea", "T", "starter:L0{- | -}*", "A"), "lay it as starter:Ω0{- | -} with face wild")
    spell(game, "tea", "T", "starter:Ω0{- | -}*", "A")
    assert not p.must_wild and game.state.turn.coins == 2 and "L" in codes(game.state.turn.word)


@pytest.mark.parametrize(
    ("name", "args", "quote"),
    [
        ("exploration", {"genre": "mystery"}, "must be used in your word"),
        ("unsightly", {}, "use it face-down as a wild card in your word"),
        ("unnatural", {"slot": 0}, "puts an offer-row card in the word you spell"),
    ],
)
def test_a_power_whose_card_goes_in_the_word_is_refused_after_the_word(
    name: str, args: dict[str, Any], quote: str
) -> None:
    """The variants rulebook: Deck Exploration: "Place an Ink token [...] on that card - it must be used in your
    word."; Unsightly Card: "Draw a card from your draw pile and use it face-down as a wild card in your word."
    (Unnatural Creation: "You can use a card from the Offer Row in the word you spell.") Once the word is spelled,
    the card could be in no word of this turn (it would carry over to the next): refused, the state unchanged."""
    game = powered(name, "lyrical")
    p = seat(game, hand=["A", "T"], draw=["E", "mystery:U2", "L"], ink=3)
    spell(game, "at", "A", "T")
    assert game.state.phase == Phase.BUY
    refused(game, power(game, **args), f"{quote}.*use it before you spell")
    assert not p.inked and not p.must_wild and p.ink == 3
    game.apply(End())
    assert not p.inked and not p.must_wild


def test_deck_explorations_card_must_be_in_this_turns_word() -> None:
    """The variants rulebook: Deck Exploration: "it must be used in your word." The card drawn is inked: a word
    without it is refused, and a pass discards it with the hand."""
    game = powered("exploration", "lyrical")
    p = seat(game, hand=["A", "T"], draw=["L", "mystery:U2", "N"], discard=[], ink=3)
    game.apply(power(game, genre="mystery"))
    refused(game, spell_action("at", "A", "T"), "must be in the word face-up")
    game.apply(Pass())
    assert not p.inked and "mystery:U2" in codes(p.discard + p.hand + p.draw)  # (a new hand is drawn)


def test_pint_sized_proficiency_looks_at_the_top_card_to_keep_or_discard() -> None:
    game = powered("pint", "lyrical")
    st = game.state
    p = seat(game, hand=["A", "T"], draw=["E", "L"], discard=[], ink=2)
    game.apply(power(game))
    assert codes(st.turn.peek) == ["L"]
    refused(game, {"action": "pass"}, "choose which of the cards looked at to discard first")
    game.apply(Preview((0,)))
    assert codes(p.discard) == ["L"] and codes(p.draw) == ["E"]
    game.apply(power(game))
    game.apply(Preview(()))
    assert codes(p.draw) == ["E"] and p.ink == 0


def test_pint_sized_proficiency_works_in_the_buy_phase_too() -> None:
    """Regression: a look in the buy phase used to leave the turn stuck (preview refused in the buy phase)."""
    game = powered("pint", "lyrical")
    p = seat(game, hand=["A", "T"], draw=["E", "L"], ink=1)
    spell(game, "at", "A", "T")
    game.apply(power(game))
    game.apply(Preview((0,)))
    assert game.state.phase == Phase.BUY and codes(p.discard)[-1] == "L"
    game.apply(End())


def test_bizarre_love_triangle_sets_aside_an_opponents_discard_for_one_shuffle() -> None:
    """The card misses its owner's next shuffle: it comes back to the discard pile after it (a card returned
    before the shuffle would be shuffled in as if nothing had happened)."""
    game = powered("triangle", "rap", players=3)
    p = seat(game, hand=["A", "T"], ink=3)
    q1 = seat(game, 1, discard=["romance:U9", "E", "S", "R", "L", "N"], draw=[])
    q2 = seat(game, 2, discard=["adventure:K9"])
    refused(game, power(game, cards=((1, "A"),)), "not in seat 1's discard")
    refused(game, {**power(game).to_json(), "cards": ["romance:U9"]}, "must map each opponent")
    game.apply(power(game, cards=((1, "romance:U9"),)))
    assert codes(q1.set_aside) == ["romance:U9"] and "romance:U9" not in codes(q1.discard)
    assert codes(q2.discard) == ["adventure:K9"]
    assert p.ink == 0
    refused(game, power(game, cards=()), "once a turn")
    game.apply(Pass())
    seat(game, hand=["A", "T"])
    spell(game, "at", "A", "T")
    finish(game)  # seat 1 draws a new hand from an empty draw pile: the discard is shuffled
    assert codes(q1.discard) == ["romance:U9"] and not q1.set_aside
    assert "romance:U9" not in codes(q1.hand + q1.draw)


def test_disfigured_letter_makes_every_opponent_use_the_offer_decks_top_letter() -> None:
    game = powered("disfigured", "rap", players=3)
    st = game.state
    st.offer_deck[-1] = game.catalogue.lookup("romance:E2")
    seat(game, ink=3)
    game.apply(power(game))
    assert game.catalogue.lookup("romance:E2") in st.removed
    assert [codes(q.disfigured) for q in st.players] == [[], ["starter:E0{- | -}"], ["starter:E0{- | -}"]]
    game.apply(Pass())
    q = seat(game, hand=["A", "T", "E"])
    refused(game, spell_action("at", "A", "T"), r"starter:E0\{- \| -\}\) must be in the word face-up")
    spell(game, "tea", "T", "starter:E0{- | -}@inked", "A")
    assert not q.disfigured and st.turn.coins == 2  # the letter gives nothing


def test_miniaturize_supplies_costs_what_it_takes_and_opponents_lose_twice_as_much() -> None:
    game = powered("miniaturize", "rap", players=3)
    p = seat(game, ink=3)
    seat(game, 1, ink=5)
    seat(game, 2, ink=3)
    refused(game, power(game, n=4), "costs 4 ink; you have 3")
    refused(game, {**power(game).to_json(), "n": 0}, "whole number from 1")
    game.apply(power(game, n=2))
    assert [q.ink for q in game.state.players] == [1, 1, 0] and p.ink == 1


def test_mechanical_rap_battle_takes_a_card_from_each_opponents_next_hand() -> None:
    game = powered("rap", "triangle")
    st = game.state
    seat(game, ink=2)
    game.apply(power(game))
    assert st.players[1].rap_battle == 1
    game.apply(Pass())
    q = st.players[1]
    seat(game, hand=["A", "T"], draw=["B", "C", "D", "E", "G", "H"], discard=[])
    spell(game, "at", "A", "T")
    finish(game)
    assert len(q.hand) == 4 and codes(q.draw) == ["B"] and q.rap_battle == 0
    assert codes(q.discard)[:2] == ["A", "T"] and len(q.discard) == 3  # the word, and the card lost


def test_bga_horror_h_counts_inked_cards_and_a_disfigured_letter_is_not_one() -> None:
    """Rules notes: "Horror H (BGA redesign, genre): 1 prestige per inked card in the tableau". An inked card is one
    drawn with ink; a Disfigured Letter ("All opponents must use that letter in their next word. They do not receive
    any Benefits provided by the card.") is a rival's letter, not a card drawn with ink. HOT with Horror H, a
    disfigured O and Horror T: H 2 prestige + 0 inked, T 2 + 1 (horror active) = 5, not 6."""
    game = Game.new(GameOptions(players=2, rules=Rules.BGA, powers=Powers.AGGRESSIVE), 1, lexicon_of("hot"),
                    powers=["rap", "disfigured"])  # fmt: skip
    p = seat(game, hand=["horror:H7", "horror:T4"], disfigured=["starter:O0{- | -}"])
    spell(game, "hot", "horror:H7", "starter:O0{- | -}@inked", "horror:T4")
    assert p.prestige == 5


def test_a_disfigured_letter_cannot_be_freed_by_a_remover() -> None:
    """Disfigured Letter: the rival's letter must be in the word; a remover frees inked cards, not that letter."""
    game = powered("disfigured", "rap")
    p = seat(game, hand=["E", "A", "S"], disfigured=["starter:T0{- | -}"], remover=1)
    refused(game, spell_action("sea", "S", "starter:T0{- | -}*@inked", "A"), "must be in the word face-up: no remover")
    spell(game, "east", "E", "A", "S", "starter:T0{- | -}@inked")
    assert p.remover == 1 and not p.disfigured


def test_wild_journey_makes_an_opponents_card_wild() -> None:
    game = powered("journey", "rap")
    st = game.state
    seat(game, ink=3)
    seat(game, 1, hand=["A", "T", "E"])
    refused(game, power(game, cards=((1, "romance:U9"),)), "not in seat 1's hand")
    game.apply(power(game, cards=((1, "E"),)))
    game.apply(Pass())
    q = st.players[1]
    assert codes(q.hand) == ["A", "T"] and codes(q.must_wild) == ["E"]
    refused(game, spell_action("at", "A", "T"), "must be played face-down")
    spell(game, "tea", "T", "starter:Ω0{- | -}*", "A")
    assert st.turn.coins == 2


def test_an_aggressive_power_once_a_turn() -> None:
    game = powered("rap", "triangle")
    seat(game, ink=9)
    game.apply(power(game))
    refused(game, power(game), "Mechanical Rap Battle is an aggressive power: once a turn")
    game.apply(Pass())
    game.apply(Pass())
    game.apply(power(game))  # a new turn
