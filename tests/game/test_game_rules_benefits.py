"""The game engine against the rules (one small, exact situation a rule, built with hardback_situations): each benefit
of a card: coins and prestige, trash, doubles, uncover, jail, preview, the genres' counting benefits, Horror H's
returns and ink used out of turn.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hardback_situations import codes, finish, new_game, refused, seat, spell, spell_action

from solver.game.hardback.actions import (
    Buy,
    Dump,
    End,
    Ink,
    Jail,
    Look,
    Pass,
    Preview,
    Remover,
    Return,
    action_from_json,
)
from solver.game.hardback.state import GameState, Phase
from solver.game.hardback.validate import problems
from solver.hardback.catalogue import Rules
from solver.hardback.objectives import Weights

# -- each benefit -----------------------------------------------------------------------------------------------


def test_coins_and_prestige() -> None:
    game = new_game()
    p = seat(game, hand=["T", "A", "B", "S", "R"])
    spell(game, "tab", "T", "A", "B")
    assert (game.state.turn.coins, p.prestige) == (2, 1)  # coin starters 1c each, prestige starter 1p


@pytest.mark.parametrize(("objective", "coins", "prestige"), [("coins", 3, 0), ("prestige", 1, 2)])
def test_coins_or_prestige_is_all_of_one(objective: str, coins: int, prestige: int) -> None:
    game = new_game()
    p = seat(game, hand=["horror:A3", "T"])
    spell(game, "at", "horror:A3", "T", objective=objective)  # A3: 2c/p
    assert (game.state.turn.coins, p.prestige) == (coins, prestige)


@pytest.mark.parametrize(
    ("weights", "ink", "remover"), [({"ink": 1.0, "remover": 0.1}, 1, 0), ({"remover": 1.0}, 0, 1)]
)
def test_ink_or_remover_is_one_token_of_either(weights: dict[str, float], ink: int, remover: int) -> None:
    game = new_game()
    p = seat(game, hand=["horror:C5", "A", "T"])
    spell(game, "cat", "horror:C5", "A", "T", objective="value", weights=Weights.from_mapping({"ink": 0.0, **weights}))
    assert (p.ink, p.remover, p.prestige) == (ink, remover, 2)  # C5: 2p ink/remover


def test_trash_this_card_leaves_the_game_after_giving_its_benefits() -> None:
    game = new_game()
    p = seat(game, hand=["adventure:C3", "A", "T"])
    c3 = game.catalogue.lookup("adventure:C3")
    spell(game, "cat", "adventure:C3", "A", "T", objective="coins")  # C3: 1c trash=2c
    assert game.state.turn.coins == 1 + 2 + 2
    assert c3 in game.state.removed and c3 not in game.state.turn.word
    finish(game)
    assert c3 not in p.discard + p.draw + p.hand


def test_trash_is_a_choice_the_objective_makes() -> None:
    game = new_game()
    p = seat(game, hand=["adventure:C3", "A", "T"])
    spell(game, "cat", "adventure:C3", "A", "T", objective="value", weights=Weights(trash=5.0))
    assert game.state.turn.coins == 3 and not game.state.removed
    finish(game)
    assert game.catalogue.lookup("adventure:C3") in p.discard + p.draw + p.hand


def test_a_double_doubles_a_neighbour_and_two_doubles_triple_it() -> None:
    game = new_game()
    p = seat(game, hand=["adventure:A7", "romance:W4"])
    spell(game, "aw", "adventure:A7", "romance:W4")  # W4: 1p double; A7: 3p doubled
    assert p.prestige == 6 + 1
    game = new_game()
    p = seat(game, hand=["romance:W4", "adventure:A7", "romance:Z5"])
    spell(game, "waz", "romance:W4", "adventure:A7", "romance:Z5")
    # A7 tripled (not quadrupled): 9p; Romance active: W4 1p + 1p, Z5 2p double + 2c
    assert (p.prestige, game.state.turn.coins) == (9 + 2 + 2, 2)
    assert game.last is not None and game.last.totals.genres_active == ["romance"]


def test_a_double_never_reaches_a_wild() -> None:
    game = new_game()
    p = seat(game, hand=["adventure:A7", "romance:W4"])
    spell(game, "aw", "adventure:A7*", "romance:W4")
    assert p.prestige == 1


def test_uncover_turns_an_adjacent_wild_up_with_its_benefits() -> None:
    game = new_game()
    p = seat(game, hand=["mystery:P4", "adventure:F8"])
    spell(game, "pi", "mystery:P4", "adventure:F8^")  # P4: 1p uncover; F8 (an I here): 5p
    assert p.prestige == 1 + 5
    game = new_game()
    seat(game, hand=["mystery:P4", "I", "adventure:F8"])
    refused(game, spell_action("pia", "mystery:P4", "I", "adventure:F8^"), "uncovered card needs a face-up card beside")


def test_jail_reserves_an_offer_card_for_its_owner_one_at_a_time() -> None:
    game = new_game()
    st = game.state
    p = seat(game, hand=["A", "mystery:X3"])
    before = list(st.offer_row)
    top = st.offer_deck[-1]
    spell(game, "ax", "A", "mystery:X3")  # X3: 3p jail
    assert st.phase == Phase.CHOICES and st.turn.jails == 1
    refused(game, {"action": "jail", "slot": 7}, "slot")
    refused(game, {"action": "jail", "slot": 2, "keep": "yes"}, "keep")
    game.apply(Jail(2, True))
    assert p.jail == [before[2]] and st.offer_row[2] is top and len(st.offer_row) == 7
    assert st.turn.row_changed and st.phase == Phase.BUY
    # a second jail: the card held before leaves the game
    finish(game)
    game.apply(Pass())
    seat(game, 0, hand=["A", "mystery:X3"])
    held = p.jail[0]
    spell(game, "ax", "A", "mystery:X3")
    new = st.offer_row[0]
    game.apply(Jail(0, True))
    assert p.jail == [new] and held in st.removed


def test_jail_can_remove_an_offer_card_from_the_game() -> None:
    game = new_game()
    st = game.state
    p = seat(game, hand=["A", "mystery:X3"], jail=["romance:U9"])
    gone = st.offer_row[4]
    spell(game, "ax", "A", "mystery:X3")
    game.apply(Jail(4, False))
    assert gone in st.removed and codes(p.jail) == ["romance:U9"] and len(st.offer_row) == 7


def test_only_the_jailer_can_buy_a_jailed_card() -> None:
    game = new_game()
    st = game.state
    seat(game, hand=["A", "T", "E", "S", "R"], jail=["adventure:B4"])
    spell(game, "stare", "S", "T", "A", "R", "E", objective="coins")
    assert st.turn.coins == 5
    game.apply(Buy(None))
    p = st.player
    assert not p.jail and p.prestige == 3 and st.turn.coins == 1  # B4 costs 4, gives 3 prestige when bought
    refused(game, {"action": "buy", "jail": True}, "your jail is empty")


def test_preview_looks_at_three_cards_and_keeps_or_discards_each() -> None:
    game = new_game()
    st = game.state
    p = seat(game, hand=["romance:R5", "romance:E2"], draw=["L", "N", "S", "T"], discard=[])
    spell(game, "re", "romance:R5", "romance:E2")  # Romance active: R5's genre 1p preview=3
    assert st.phase == Phase.CHOICES and st.turn.previews == [3] and not st.turn.peek  # drawn when used
    refused(game, {"action": "dump", "card": "L"}, "no dump left")
    game.apply(Look())
    assert codes(st.turn.peek) == ["T", "S", "N"] and codes(p.draw) == ["L"]
    refused(game, {"action": "skip"}, "choose which of the cards looked at to discard first")
    refused(game, {"action": "look"}, "choose which of the cards looked at to discard first")
    refused(game, {"action": "preview", "discard": [3]}, "positions 0 to 2")
    game.apply(Preview((1,)))
    assert codes(p.discard) == ["S"] and codes(p.draw) == ["L", "N", "T"]  # T back on top, then N
    assert st.phase == Phase.BUY and p.prestige == 2 + 1 + 0


def test_a_preview_not_looked_at_before_looks_as_it_is_used() -> None:
    """The protocol's older form: ``preview`` with no ``look`` before it looks, then discards (saved games keep
    replaying)."""
    game = new_game()
    st = game.state
    p = seat(game, hand=["romance:R5", "romance:E2"], draw=["L", "N", "S", "T"], discard=[])
    spell(game, "re", "romance:R5", "romance:E2")
    refused(game, {"action": "preview", "discard": [3]}, "positions 0 to 2")
    assert st.turn.previews == [3] and not st.turn.peek  # refused: nothing drawn
    game.apply(Preview((1,)))
    assert codes(p.discard) == ["S"] and codes(p.draw) == ["L", "N", "T"] and st.phase == Phase.BUY


def test_abilities_resolve_in_the_order_the_player_chooses_a_dump_before_the_preview() -> None:
    """Rulebook: "If you trigger multiple Abilities in a single word, you can resolve those Abilities in any order
    you choose." With the draw pile empty a preview reshuffles the discard pile; dumping first still finds the
    discarded card there (the audit found the preview forced first, cancelling the dump)."""
    game = new_game()
    st = game.state
    p = seat(game, hand=["romance:R5", "romance:E2", "romance:F6", "M"], draw=[], discard=["L", "N"])
    spell(game, "ref", "romance:R5", "romance:E2", "romance:F6")  # Romance active: a preview and F6's dump
    assert st.turn.previews == [3] and st.turn.dumps and codes(p.discard) == ["L", "N", "M"]
    game.apply(Dump("M"))  # the unused card, discarded before the benefits resolve
    assert "M" in codes(st.removed) and codes(p.discard) == ["L", "N"]
    game.apply(Look())  # the pile is empty: the discard pile is shuffled in
    assert sorted(codes(st.turn.peek)) == ["L", "N"] and not p.discard
    game.apply(Preview(()))
    assert st.phase == Phase.BUY


def test_adventure_o_gives_two_coins_per_active_adventure_card() -> None:
    game = new_game()
    p = seat(game, hand=["adventure:G2", "adventure:O6", "adventure:B4"], in_play=["adventure:C5"])
    spell(game, "gob", "adventure:G2", "adventure:O6", "adventure:B4")
    # four Adventure cards in the tableau (the classic in play too): 8 coins
    assert game.state.turn.coins == 2 * 4
    assert p.prestige == (1 + 2) + 2 + (2 + 2) + (2 + 1)


def test_mystery_n_gives_a_prestige_per_wild_card() -> None:
    """Regression: a card named face-down in a layout was not counted as a wild."""
    game = new_game()
    p = seat(game, hand=["mystery:N7", "mystery:A3", "E"])
    spell(game, "nae", "mystery:N7", "mystery:A3", "E*")
    assert p.prestige == (3 + 1 + 1) + 1  # N7 3p, its genre 1p and 1p per wild; A3 1p
    game = new_game()
    p = seat(game, hand=["mystery:N7", "mystery:A3", "E"])
    spell(game, "nae", "mystery:N7", "mystery:A3", "E^", objective="coins")  # an uncovered card is still a wild
    assert (p.prestige, game.state.turn.coins) == (6, 1)


def returns_problems(st: GameState) -> list[Any]:
    """The validator's complaints about the return phase (the situations set by hand leave the box's count aside)."""
    return [x for x in problems(st) if x.field.startswith(("game.turn.returns", "game.phase"))]


def test_printed_horror_h_makes_every_opponent_return_an_ink_or_a_remover() -> None:
    """An opponent holding one kind only returns it at once; one holding both chooses (below)."""
    game = new_game(3)
    p = seat(game, hand=["horror:H7", "horror:A3"])
    seat(game, 1, ink=2, remover=0)
    seat(game, 2, ink=0, remover=1)
    spell(game, "ha", "horror:H7", "horror:A3")  # H7: 2c 1p | 1c 2p opponents-return; A3 2c/p
    st = game.state
    assert (st.players[1].ink, st.players[1].remover) == (1, 0)
    assert (st.players[2].ink, st.players[2].remover) == (0, 0)
    assert (p.prestige, st.turn.coins) == (1 + 2 + 2, 3)
    assert st.phase == Phase.BUY and not st.turn.returns


def test_return_one_unused_ink_or_remover_the_opponent_chooses_which() -> None:
    """Printed Horror H (BGA's how-to play, on the card it redesigned): "All other players must return an unused
    ink or remover". The opponent returns the token, so an opponent holding both chooses which (the engine took
    the ink); the player in turn goes on once every such choice is made, and the choice is in the log."""
    game = new_game(3)
    seat(game, hand=["horror:H7", "horror:A3"])
    seat(game, 1, ink=2, remover=1)
    seat(game, 2, ink=0, remover=1)
    spell(game, "ha", "horror:H7", "horror:A3")
    st = game.state
    assert st.phase == Phase.RETURN and st.turn.returns == [1] and st.acting == 1 and st.current == 0
    assert (st.players[2].ink, st.players[2].remover) == (0, 0)  # one kind: returned at once
    assert (st.players[1].ink, st.players[1].remover) == (2, 1)  # both: not yet
    refused(game, End(), "not allowed in the return phase .*by seat 1")
    refused(game, {"action": "return", "seat": 2, "token": "ink"}, "seat 2 owes no token")
    refused(game, {"action": "return", "seat": 1, "token": "coins"}, '"token" must be "ink" or "remover"')
    refused(game, {"action": "return", "token": "ink"}, '"seat" must be')
    refused(game, Ink(seat=1), "printed Horror H's token is owed now")  # too late to spend it out of turn
    saved = st.to_json()
    assert saved["turn"]["returns"] == [1] and saved["phase"] == "return"
    assert GameState.from_json(json.loads(json.dumps(saved))).to_json() == saved and not returns_problems(st)
    game.apply(action_from_json({"action": "return", "seat": 1, "token": "remover"}))
    assert (st.players[1].ink, st.players[1].remover) == (2, 0)
    assert st.phase == Phase.BUY and not st.turn.returns and st.acting == 0
    assert game.log[-1] == Return(1, "remover") and Return(1, "remover").to_json() == {
        "action": "return", "seat": 1, "token": "remover"}


def test_a_doubled_horror_h_asks_twice_and_the_second_token_is_forced_when_one_kind_is_left() -> None:
    game = new_game(2)
    seat(game, hand=["horror:H7", "horror:A3"])
    q = seat(game, 1, ink=1, remover=1)
    game.state.turn.returns = [1, 1]  # what a doubled H asks (set directly: the box has one H)
    game.state.phase = Phase.RETURN
    game.state.turn.word_text = "ha"
    game.state.players[0].hand = []
    assert not returns_problems(game.state)
    game.apply(Return(1, "ink"))  # the second token can only be the remover
    assert (q.ink, q.remover) == (0, 0) and game.state.phase == Phase.BUY


@pytest.mark.parametrize(
    ("forge", "match"),
    [
        (lambda d: d["turn"].update(returns=[1]), "return phase comes exactly while"),  # in the buy phase
        (lambda d: d.update(phase="return"), "return phase comes exactly while"),  # nobody owes a token
        (lambda d: d["turn"].update(returns=[0]) or d.update(phase="return"), "another player's seat"),
        (lambda d: d["turn"].update(returns=[2]) or d.update(phase="return"), "does not hold both"),
        (lambda d: d["turn"].update(returns=[1, 1, 1, 1]) or d.update(phase="return"), "owes 4 tokens"),
    ],
)
def test_a_forged_return_is_refused(forge: Any, match: str) -> None:
    game = new_game(3)
    seat(game, hand=["horror:H7", "horror:A3"])
    seat(game, 1, ink=2, remover=1)
    seat(game, 2, ink=0, remover=1)
    spell(game, "ha", "horror:H7", "horror:A3")
    game.apply(Return(1, "ink"))
    data = json.loads(json.dumps(game.state.to_json()))
    assert not returns_problems(GameState.from_json(data))
    forge(data)
    found = returns_problems(GameState.from_json(data))
    assert found and any(match in p.message for p in found), found


def test_ink_may_be_used_at_any_time_even_during_another_players_turn() -> None:
    """Rulebook (Ink and Remover): "At any time before you Create a Word, even during another player's turn, you
    can draw additional cards from your draw pile by spending one Ink token per card." Seat 1 draws with ink in
    each phase of seat 0's turn; the card is inked for its next word (which must use it), and the turn's own
    count of ink used is seat 0's alone."""
    game = new_game(2)
    st = game.state
    seat(game, hand=["horror:H7", "horror:A3"])
    q = seat(game, 1, ink=4, remover=1, draw=["E", "A", "T", "N"], discard=[])
    game.apply(action_from_json({"action": "ink", "seat": 1}))  # seat 0's prepare phase
    assert codes(q.inked) == ["N"] and q.ink == 3 and st.turn.ink_used == 0 and st.current == 0
    assert game.log[-1] == Ink(seat=1) and Ink(seat=1).to_json() == {"action": "ink", "seat": 1}
    spell(game, "ha", "horror:H7", "horror:A3")  # seat 1 holds ink and a remover
    game.apply(Return(1, "remover"))
    game.apply(Ink(seat=1))  # seat 0's buy phase
    assert codes(q.inked) == ["N", "T"] and q.ink == 2 and q.remover == 0  # it chose to keep its ink
    refused(game, Ink(seat=0), "ink is not allowed in the buy phase")  # seat 0's word is spelled
    refused(game, Ink(seat=2), '"seat" must be a seat at the table, 0 to 1')
    refused(game, {"action": "ink", "seat": -1}, '"seat" must be')
    game.apply(End())
    assert st.current == 1 and codes(q.inked) == ["N", "T"]  # kept for seat 1's word
    seat(game, 1, hand=["A"])
    refused(game, spell_action("at", "A", "T@inked"), r"every inked card \(N, T\) must be in the word")
    spell(game, "tan", "T@inked", "A", "N@inked")
    assert not q.inked and q.words == 1


def test_ink_out_of_turn_in_the_event_phase_and_a_remover_out_of_turn() -> None:
    """The player in turn draws for its next word once its turn is over (the event phase: "After your turn is
    complete, you may immediately begin working on your next word, including using any previously obtained Ink
    or Remover tokens"), and a remover may be used out of turn too."""
    game = new_game(2)
    st = game.state
    seat(game, 1, ink=0, remover=1)
    refused(game, Ink(seat=1), "no ink to spend")
    st.phase = Phase.EVENT  # as after a turn that drew an event
    st.turns = 1
    st.current = 0
    q = seat(game, 0, ink=1, remover=1, draw=["T"], discard=[])
    game.apply(Ink(seat=0))
    assert codes(q.inked) == ["T"] and st.phase == Phase.EVENT
    game.apply(Remover("T", seat=0))
    assert codes(q.hand)[-1] == "T" and not q.inked and q.remover == 0
    assert Remover("T", 0).to_json() == {"action": "remover", "card": "T", "seat": 0}


def test_ink_spent_out_of_turn_before_printed_horror_h_is_not_returned() -> None:
    """BGA's how-to play: "Astute players were able to avoid the penalty "All other players must return an unused
    ink or remover" by spending their ink/remover tokens out-of-turn."""
    game = new_game(2)
    seat(game, hand=["horror:H7", "horror:A3"])
    q = seat(game, 1, ink=1, remover=0, draw=["T"], discard=[])
    game.apply(Ink(seat=1))
    spell(game, "ha", "horror:H7", "horror:A3")
    assert (q.ink, q.remover, codes(q.inked)) == (0, 0, ["T"]) and game.state.phase == Phase.BUY


def test_bga_horror_h_gives_a_prestige_per_inked_card() -> None:
    game = new_game(rules=Rules.BGA)
    p = seat(game, hand=["horror:H7"], inked=["horror:A3"])
    seat(game, 1, ink=2)
    spell(game, "ha", "horror:H7", "horror:A3@inked")  # BGA H7: 1c 2p | 1p per inked card
    assert (p.prestige, game.state.turn.coins) == (2 + 1 + 2, 1)
    assert game.state.players[1].ink == 2
