"""The game engine against the rules (one small, exact situation a rule, built with hardback_situations): the
cooperative anthology: Penny's purchases and signatures, its end and who wins.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hardback_situations import (
    DEAR,
    LEX,
    buying,
    codes,
    new_game,
    refused,
    row,
    seat,
    snapshot,
    spell,
    spell_action,
    spell_long,
)

from solver.game.hardback.actions import Buy, Convert, End, Ink, Pass, Power
from solver.game.hardback.engine import Game
from solver.game.hardback.events import load_events
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.state import GameState, Phase
from solver.game.hardback.validate import problems
from solver.game.saving import GameStateError
from solver.hardback.catalogue import Rules

# -- the cooperative anthology ----------------------------------------------------------------------------------

ROW = ("romance:U9", "horror:A3", "adventure:B4", "mystery:K2", "horror:K2", "romance:E2", "mystery:V9")


def anthology(genre: str = "none", players: int = 2, **options: Any) -> Game:
    game = new_game(players, coop=True, penny_genre=genre, **options)
    row(game, *ROW)
    return game


def test_penny_takes_the_card_furthest_from_the_deck_and_scores_its_cost() -> None:
    game = anthology()
    st = game.state
    top = st.offer_deck[-1]
    game.apply(Pass())
    assert st.penny is not None and st.penny.prestige == 9
    assert codes(st.offer_row) == [*ROW[1:], top.code] and game.catalogue.lookup("romance:U9") in st.removed
    assert st.current == 1 and st.phase == Phase.PREPARE


@pytest.mark.parametrize(("genre", "prestige"), [("none", 9), ("romance", 18), ("adventure", 9), ("horror", 9)])
def test_pennys_romance_signature_doubles_a_romance_card(genre: str, prestige: int) -> None:
    game = anthology(genre)
    game.apply(Pass())
    assert game.state.penny is not None and game.state.penny.prestige == prestige


def test_pennys_mystery_signature_also_removes_the_cheapest_card_for_nothing() -> None:
    game = anthology("mystery")
    st = game.state
    row(game, "mystery:V9", "horror:A3", "adventure:B4", "romance:E2", "horror:K2", "mystery:K2", "romance:U9")
    game.apply(Pass())
    assert st.penny is not None and st.penny.prestige == 9
    assert codes(st.removed) == ["mystery:V9", "romance:E2"] and len(st.offer_row) == 7
    game2 = anthology("mystery")  # not a Mystery card: nothing more
    game2.apply(Pass())
    assert codes(game2.state.removed) == ["romance:U9"]


def test_pennys_adventure_signature_scores_each_card_bought_while_an_adventure_is_offered() -> None:
    game = anthology("adventure")
    st = game.state
    assert st.penny is not None
    buying(game, 4)
    game.apply(Buy(3))
    assert st.penny.prestige == 1
    row(game, "horror:A3", "horror:K2", "romance:E2", "mystery:K2", "horror:U2", "romance:I2", "mystery:U2")
    game.apply(Buy(1))
    assert st.penny.prestige == 1


def test_pennys_horror_signature_scores_each_ink_used_while_a_horror_is_offered() -> None:
    """The variants rulebook: "Horror: any time at least one Horror card is in the Offer Row, Penny gains one
    Prestige point for each Ink the players use." Every ink used counts: drawn with, paid for a power, turned into
    coins (ink a rival makes a player discard, or a returned unused ink, is not used)."""
    game = anthology("horror")
    st = game.state
    assert st.penny is not None
    seat(game, ink=2)
    game.apply(Ink())
    assert st.penny.prestige == 1
    row(game, "romance:U9", "adventure:B4", "mystery:K2", "romance:E2", "mystery:V9", "adventure:G2", "romance:I2")
    game.apply(Ink())
    assert st.penny.prestige == 1


def test_pennys_horror_signature_scores_ink_turned_into_coins() -> None:
    """"Penny gains one Prestige point for each Ink the players use": 3 ink converted are 3 ink used."""
    game = anthology("horror")
    st = game.state
    assert st.penny is not None
    buying(game, 0)
    seat(game, ink=7)
    game.apply(Convert(2))
    assert st.penny.prestige == 6 and st.turn.coins == 2 and st.player.ink == 1


def test_pennys_horror_signature_scores_the_ink_paid_for_a_power() -> None:
    """"Penny gains one Prestige point for each Ink the players use": a player power paid in ink uses it."""
    game = Game.new(GameOptions(players=2, coop=True, penny_genre="horror", powers=Powers.PASSIVE), 1, LEX,
                    powers=["lyrical", "pint"])  # fmt: skip
    row(game, *ROW)
    st = game.state
    assert st.penny is not None
    p = seat(game, ink=2)
    game.apply(Power("lyrical"))
    assert st.penny.prestige == 2 and p.prestige == 1 and p.ink == 0


def test_no_flush_in_the_anthology() -> None:
    game = anthology()
    row(game, *DEAR, "adventure:G2", "horror:K2", "romance:E2")
    buying(game, 0)
    refused(game, {"action": "flush"}, "cannot be flushed in the cooperative anthology")


ANTHOLOGY_END = (
    "The game continues until one side - either the players or Penny Dreadful - completes the Prestige tracker a "
    "number of times equal to the number of players (not including Penny). [...] If the players complete their "
    "final lap first, they win the game [...] However, if Penny Dreadful completes her final lap first, the players "
    "lose"
)  # the variants rulebook, Cooperative Anthology


def test_the_anthology_ends_when_penny_reaches_the_target_times_the_players() -> None:
    game = anthology(target=10)
    st = game.state
    assert st.penny is not None
    st.penny.prestige = 11
    game.apply(Pass())
    assert st.phase == Phase.OVER and st.penny.prestige == 20
    assert game.result() == "lost" and game.winner() is None


def test_the_anthology_ends_when_the_players_reach_it_first_before_penny_plays() -> None:
    game = anthology(target=10)
    st = game.state
    assert st.penny is not None
    st.penny.prestige = 19
    seat(game, 1, prestige=12)
    p = seat(game, prestige=7, hand=["B", "Y"])
    spell(game, "by", "B", "Y")
    assert p.prestige == 9  # the table has 21 of the 20 it needs: the game is over at once
    assert st.phase == Phase.OVER and st.penny.prestige == 19
    assert game.result() == "won" and game.winner() is None
    assert not st.turn.word and "B" in codes(p.discard)  # the word's cards are put away
    refused(game, End(), "the game is over")


def test_the_side_that_completes_its_final_lap_first_wins() -> None:
    """ANTHOLOGY_END: Penny's Horror signature takes her past the goal in the players' turn (the ink drawn before
    the word): the game ends there, lost, although the word would take the table past the goal afterwards."""
    game = anthology("horror", target=10)
    st = game.state
    assert st.penny is not None
    st.penny.prestige = 19
    seat(game, 1, prestige=12)
    p = seat(game, prestige=7, hand=["B", "Y"], draw=["E"], ink=1)
    game.apply(Ink())
    assert st.penny.prestige == 20 and st.phase == Phase.OVER and game.result() == "lost"
    refused(game, spell_action("by", "B", "Y"), "the game is over")
    assert p.prestige == 7 and not st.turn.word


def test_pennys_final_lap_in_the_buy_phase_ends_the_game_lost() -> None:
    """ANTHOLOGY_END: her Adventure signature scores a purchase and completes her final lap; the turn's cards are
    put away and the turn ends as a finished game's does."""
    game = anthology("adventure", target=10)
    st = game.state
    assert st.penny is not None
    st.penny.prestige = 19
    buying(game, 4)
    game.apply(Buy(3))
    assert st.penny.prestige == 20 and st.phase == Phase.OVER and game.result() == "lost"
    ended = ("game.result", "game.phase", "game.turn", "game.current", "game.players[0].hand")
    assert not [x for x in problems(st) if x.field.startswith(ended)]  # (the row set by hand is not the box's)
    assert GameState.from_json(json.loads(snapshot(game))).result == "lost"


def test_a_purchase_that_completes_both_laps_is_the_players_first() -> None:
    """ANTHOLOGY_END: the card's own prestige comes as it is bought; Penny scores the purchase after it."""
    game = anthology("adventure", target=10)
    st = game.state
    assert st.penny is not None
    st.penny.prestige = 19
    seat(game, 1, prestige=13)
    row(game, "adventure:K9", *ROW[1:])
    p = seat(game, prestige=6)
    buying(game, 9)
    before = p.prestige
    game.apply(Buy(0))
    assert p.prestige > before and st.penny.prestige == 20 and game.result() == "won"


def test_an_anthology_stopped_by_the_round_limit_is_lost() -> None:
    """ANTHOLOGY_END: only completing the final lap first wins; the engine's safety stop (options.max_turns) ends
    the game with neither side there, so the players have not won."""
    game = anthology(target=10, max_turns=1)
    st = game.state
    assert st.penny is not None
    row(game, "horror:K2", "romance:E2", "mystery:K2", "horror:A3", "adventure:B4", "romance:I2", "horror:U2")
    game.apply(Pass())
    game.apply(Pass())
    assert st.phase == Phase.OVER and st.penny.prestige < 20 and game.result() == "lost"


def test_a_result_is_refused_where_no_anthology_ended() -> None:
    game = new_game(coop=True, target=10)
    st = game.state
    st.result = "won"
    assert [pr.field for pr in problems(st)] == ["game.result", "game.result"]
    st.result = ""
    assert not problems(st)
    other = new_game()
    other.state.result = "lost"
    assert [pr.field for pr in problems(other.state)] == ["game.result"]
    data = other.state.to_json()
    data["result"] = "draw"
    with pytest.raises(GameStateError, match=r"game\.result must be"):
        GameState.from_json(data)


def test_in_the_anthology_a_classic_goes_home_when_a_card_of_its_genre_is_dealt() -> None:
    game = anthology()
    st = game.state
    p = seat(game, in_play=["adventure:C5", "horror:E5"])
    st.offer_deck[-1] = game.catalogue.lookup("horror:C8")  # dealt to replace the card bought
    st.offer_deck[-2] = game.catalogue.lookup("adventure:A7")  # dealt after Penny's turn
    buying(game, 9)
    game.apply(Buy(3))
    assert codes(p.in_play) == ["adventure:C5"] and "horror:E5" in codes(p.discard)
    game.apply(End())
    assert not p.in_play and "adventure:C5" in codes(p.discard + p.hand + p.draw)


def test_in_the_bga_anthology_only_one_player_holds_an_award() -> None:
    game = anthology(literary_awards=True, rules=Rules.BGA)
    spell_long(game, "retinal")
    spell_long(game, "ratline")
    assert game.state.award_holders == [0]


def test_a_penalty_event_never_takes_prestige_below_zero(tmp_path: Path) -> None:
    """A table's own event may take prestige away; the tracker stops at 0 (a negative score could not be saved)."""
    path = tmp_path / "events.json"
    path.write_text(json.dumps([{"name": "Scandal", "prestige_per_word": -3}]), encoding="utf-8")
    game = new_game(events=True, event_deck=tuple(load_events(str(path))))
    p = seat(game, hand=["B", "Y"], event="Scandal")
    spell(game, "by", "B", "Y")
    assert p.prestige == 0
    assert GameState.from_json(json.loads(snapshot(game))).to_json() == game.state.to_json()
