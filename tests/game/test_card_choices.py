"""The player's own choices in a spelled word (issue 15, item 1), each tested from the rulebook's words.

A spell action's layout entry may make its card's free choices (``either``, ``token``, ``trash``, ``double``);
those left out are made for the action's objective, as the ghost writer makes them. The ghost writer's moves list
the choices they assume in the same form, so a move played as it is listed scores what it said.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solver.game.hardback.actions import IllegalActionError, Spell, action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.state import GameState
from solver.hardback.objectives import Objective
from solver.lexicon import Lexicon
from solver.search.hardback import Search

from helpers import dealt_with_hand, lexicon_of

LEX = lexicon_of("oat", "oats", "at", "aft", "act", "fact", "hat", "what", "cat", "tact")


def spelled(hand: list[str], word: str, layout: list[Any], objective: str = "value") -> Game:
    game = dealt_with_hand(LEX, hand)
    game.apply(action_from_json({"action": "spell", "word": word, "layout": layout, "objective": objective}))
    return game


def test_gain_coin_or_prestige_is_the_players_choice_card_by_card() -> None:
    """Rulebook: "Gain Coin or Prestige: Choose whether to take the indicated number of Coins or Prestige points.
    You must choose to take one or the other; you may not take a portion of each." OAT with horror:O4 (2 coins or
    2 prestige; with its genre 1 coin or 1 prestige) and horror:A3 (2 coins or 2 prestige): coins on one card and
    prestige on the other, which no objective's single choice gives."""
    hand = ["horror:O4", "horror:A3", "T", "S", "E"]
    game = spelled(hand, "oat", [{"code": "horror:O4", "either": "coins"}, {"code": "horror:A3", "either": "prestige"},
                                 "T"])
    assert game.state.players[0].prestige == 2  # A3's 2 prestige
    assert game.state.turn.coins == 2 + 1 + 1  # O4's 2 and 1 coins, T's coin
    swapped = spelled(hand, "oat", [{"code": "horror:O4", "either": "prestige"}, {"code": "horror:A3",
                                                                                  "either": "coins"}, "T"])
    assert swapped.state.players[0].prestige == 3 and swapped.state.turn.coins == 3
    split = spelled(hand, "oat", [{"code": "horror:O4", "either": ["coins", "prestige"]}, "horror:A3", "T"])
    assert split.state.turn.coins >= 3 and split.state.players[0].prestige >= 1  # O4's basic to coins, genre's to p


def test_take_ink_or_remover_is_the_players_choice() -> None:
    """Rulebook: "Take Ink or Remover: Take either an Ink or Remover token for free." horror:W5 gives 2 coins and
    an ink or a remover."""
    for token in ("ink", "remover"):
        game = spelled(["horror:W5", "horror:H7", "A", "T", "S"], "what", [
            {"code": "horror:W5", "token": token}, "horror:H7", "A", "T"])
        me = game.state.players[0]
        assert (me.ink, me.remover) == ((1, 0) if token == "ink" else (0, 1))


def test_trash_this_card_is_optional() -> None:
    """Rulebook: "Trash This Card: Some Adventure cards allow you to trash the card in order to gain a Coin or
    Prestige bonus. ... If you choose to trash the card, gain the card's Benefits, then return it to the box and
    remove it from the game." adventure:C3: 1 coin, and 2 coins more for trashing it."""
    kept = spelled(["adventure:C3", "A", "T", "S", "E"], "cat", [{"code": "adventure:C3", "trash": False}, "A", "T"])
    trashed = spelled(["adventure:C3", "A", "T", "S", "E"], "cat", [{"code": "adventure:C3", "trash": True}, "A",
                                                                      "T"])
    code = "adventure:C3"
    assert trashed.state.turn.coins == kept.state.turn.coins + 2
    assert any(c.code == code for c in trashed.state.removed)
    assert not any(c.code == code for c in kept.state.removed)
    assert any(c.code == code for c in kept.state.turn.word)


def test_double_adjacent_card_doubles_the_neighbour_the_player_selects() -> None:
    """Rulebook: "Double Adjacent Card: Select one face-up card to the immediate left or right of this card and
    double the Coins and Prestige provided by the card." AFT with romance:F6 between adventure:A5 (2 prestige) and
    T (1 coin)."""
    hand = ["adventure:A5", "romance:F6", "T", "S", "E"]
    a5 = {"code": "adventure:A5", "trash": False}
    left = spelled(hand, "aft", [a5, {"code": "romance:F6", "double": "left"}, "T"])
    right = spelled(hand, "aft", [a5, {"code": "romance:F6", "double": "right"}, "T"])
    assert (left.state.players[0].prestige, left.state.turn.coins) == (4, 2 + 1)  # A5 doubled: 4 prestige
    assert (right.state.players[0].prestige, right.state.turn.coins) == (2, 2 + 2)  # T doubled: 2 coins


@pytest.mark.parametrize(
    ("hand", "word", "layout", "words"),
    [
        (["horror:O4", "horror:A3", "T", "S", "E"], "oat", ["horror:O4", "horror:A3", {"code": "T", "either": "coins"}],
         'T offers no "either" choice'),
        (["horror:O4", "horror:A3", "T", "S", "E"], "oat",
         [{"code": "horror:O4", "token": "ink"}, "horror:A3", "T"], 'horror:O4 offers no "token" choice'),
        (["adventure:C3", "A", "T", "S", "E"], "cat", [{"code": "adventure:C3", "face": "wild", "trash": True}, "A",
                                                     "T"], "played wild, without benefits"),
        (["adventure:A5", "romance:F6", "T", "S", "E"], "aft", [{"code": "adventure:A5", "face": "wild"},
                                                               {"code": "romance:F6", "double": "left"}, "T"],
         "romance:F6 cannot double left"),
        (["horror:O4", "horror:A3", "T", "S", "E"], "oat",
         [{"code": "horror:O4", "either": "gold"}, "horror:A3", "T"], '"either" must be coins or prestige'),
        (["horror:O4", "horror:A3", "T", "S", "E"], "oat",
         [{"code": "horror:O4"}, {"code": "horror:A3", "either": ["coins", "prestige"]}, "T"],
         "horror:A3 has 1 coins-or-prestige benefit in effect"),
        (["adventure:C3", "A", "T", "S", "E"], "cat", [{"code": "adventure:C3", "trash": "yes"}, "A", "T"],
         '"trash" must be true'),
        (["horror:O4", "horror:A3", "T", "S", "E"], "oat",
         [{"code": "horror:O4", "either": [[["coins"]] * 3] * 3}, "horror:A3", "T"], "not a list"),
        (["romance:F6", "A", "T", "S", "E"], "fat", [{"code": "romance:F6", "double": ["left"] * 9}, "A", "T"],
         '"double" must be left or right'),
    ],
)
def test_a_choice_the_card_does_not_offer_is_refused_naming_the_card(
    hand: list[str], word: str, layout: list[Any], words: str
) -> None:
    game = dealt_with_hand(LEX, hand)
    before = game.state.to_json()
    with pytest.raises(IllegalActionError, match=words.replace("(", r"\(")):
        game.apply(action_from_json({"action": "spell", "word": word, "layout": layout}))
    assert game.state.to_json() == before


def test_a_choice_left_out_is_made_for_the_objective() -> None:
    hand = ["horror:O4", "horror:A3", "T", "S", "E"]
    by_prestige = spelled(hand, "oat", [{"code": "horror:O4", "either": "coins"}, "horror:A3", "T"], "prestige")
    by_coins = spelled(hand, "oat", [{"code": "horror:O4", "either": "prestige"}, "horror:A3", "T"], "coins")
    assert by_prestige.state.players[0].prestige == 2  # A3 to prestige, as the objective wants
    assert by_coins.state.players[0].prestige == 3 and by_coins.state.turn.coins == 3  # O4 as told, A3 to coins


@pytest.mark.parametrize("seed", range(12))
def test_the_ghost_writers_move_played_as_listed_scores_what_it_said(seed: int, example_lexicon: Lexicon) -> None:
    """Each move lists its choices in the spell layout's form; played as listed (the layout's choices, not the
    objective's), it earns exactly the move's coins and prestige, under every objective."""
    rng = random.Random(seed)
    game = Game.new(_options(), seed, example_lexicon)
    objective = rng.choice(["value", "prestige", "coins"])
    from solver.hardback.objectives import Objective

    search = Search(example_lexicon, game.turn_state(), Objective.parse(objective))
    for move in search.top(3):
        layout = move.to_json()["layout"]
        assert [e["code"] for e in layout] == [c.code for c in move.cards]
        played = Game(GameState.from_json(game.state.to_json()), example_lexicon)
        before = played.state.players[0].prestige
        # the opposite objective: the layout's own choices must decide, not the action's objective
        played.apply(action_from_json({"action": "spell", "word": move.word, "layout": layout,
                                       "objective": "coins" if objective == "prestige" else "prestige"}))
        assert played.state.players[0].prestige - before == move.prestige
        assert played.state.turn.coins + sum(played.state.turn.dumps) == move.coins
        assert Spell.of_move(move).to_json()["layout"] == layout


def _options() -> Any:
    from solver.game.hardback.options import GameOptions

    return GameOptions(players=2, target=60)


def _with_classic_in_play(hand: list[str], code: str) -> Game:
    """Seat 0 holds ``hand`` and has ``code``, a timeless classic, in play (taken from the offer deck or row)."""
    game = dealt_with_hand(LEX, hand)
    st = game.state
    card = game.catalogue.lookup(code)
    if card in st.offer_deck:
        st.offer_deck.remove(card)
    else:
        st.offer_row[st.offer_row.index(card)] = st.offer_deck.pop()
    st.players[0].in_play.append(card)
    return game


def test_a_classic_in_play_outside_the_word_makes_the_players_choice_too() -> None:
    """Rulebook: "Gain Coin or Prestige: Choose whether to take the indicated number of Coins or Prestige points."
    A timeless classic in play gives its benefits each turn, outside the word too: horror:D4 (1 coin or 1
    prestige) in play while the player spells AT with starters; the spell's ``in_play`` makes its choice."""
    totals = {}
    for either in ("coins", "prestige"):
        game = _with_classic_in_play(["A", "T", "S", "E", "adventure:C3"], "horror:D4")
        game.apply(action_from_json({"action": "spell", "word": "at", "layout": ["A", "T"],
                                     "in_play": [{"code": "h:D4", "either": either}]}))
        totals[either] = (game.state.players[0].prestige, game.state.turn.coins)
    assert totals["prestige"] == (totals["coins"][0] + 1, totals["coins"][1] - 1)
    spell = action_from_json({"action": "spell", "word": "at", "layout": ["A", "T"],
                              "in_play": [{"code": "h:D4", "either": "prestige"}]})
    assert action_from_json(spell.to_json()) == spell


@pytest.mark.parametrize(
    ("in_play", "field", "message"),
    [
        ([{"code": "h:E5", "either": "coins"}], "in_play[0]", "not a timeless classic of yours in play"),
        ([{"code": "h:D4", "token": "ink"}], "in_play[0]", 'offers no "token" choice'),
        ([{"code": "h:D4", "trash": True}], "in_play[0]", "unknown field 'trash'"),
        ([{"code": "h:D4", "either": "coins"}, {"code": "h:D4", "either": "coins"}], "in_play[1]", "not a timeless"),
        ("h:D4", "in_play", "must be a list"),
    ],
)
def test_a_classics_choice_it_does_not_offer_is_refused_naming_the_entry(
    in_play: Any, field: str, message: str
) -> None:
    game = _with_classic_in_play(["A", "T", "S", "E", "adventure:C3"], "horror:D4")
    before = game.state.to_json()
    with pytest.raises(IllegalActionError, match=message) as refused:
        game.apply(action_from_json({"action": "spell", "word": "at", "layout": ["A", "T"],
                                     "in_play": in_play}))
    assert refused.value.field == field
    assert game.state.to_json() == before


def test_the_ghost_writers_move_lists_its_classics_choices_and_plays_as_said() -> None:
    game = _with_classic_in_play(["A", "T", "S", "E", "adventure:C3"], "horror:D4")
    for objective in ("prestige", "coins"):
        search = Search(LEX, game.turn_state(), Objective.parse(objective))
        move = search.top(1)[0]
        spell = Spell.of_move(move, search.objective)
        assert spell.in_play and spell.in_play[0][0] == "horror:D4"
        assert spell.in_play[0][1].either == (("prestige",) if objective == "prestige" else ("coins",))
        played = _with_classic_in_play(["A", "T", "S", "E", "adventure:C3"], "horror:D4")
        played.apply(Spell.of_move(move, Objective.VALUE))  # played under another objective: the choices hold
        assert played.state.players[0].prestige == move.totals.prestige
        assert played.state.turn.coins == move.totals.coins
