"""Paperback's optional cube rules and the cooperative pyramid (``solver.game.paperback.cubes``, ``coop``): a test per
rule quoting the rulebook's line, the readings where it is silent, forged actions refused with the state unchanged,
and save, load and replay round trips with the options on."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from paperback_helpers import set_hand as _set_hand

from solver.bots.paperback import make_bot
from solver.game.hardback.actions import IllegalActionError
from solver.game.paperback import Buy, End, PaperbackGame, PaperbackOptions, PaperbackState, Pass, Piece, Spell, Step
from solver.game.paperback.actions import Cash, Discard, Place, action_from_json
from solver.game.paperback.coop import covering
from solver.game.paperback.cubes import CUBES
from solver.game.paperback.engine import BUY, OVER, WORD
from solver.game.saving import GameStateError
from solver.lexicon import Lexicon
from solver.paperback.deck import DeckError, deck_from_json, house_deck

DECK = house_deck()
ALL = {"cube_advice": True, "cube_discard": True, "cube_discount": True, "recycle_twos": True}


def new(enable: Lexicon, seed: int = 7, players: int = 2, **rules: Any) -> PaperbackGame:
    return PaperbackGame.new(DECK, PaperbackOptions(players, **rules), seed, enable)


def frozen(st: PaperbackState) -> str:
    return json.dumps(st.to_json(), sort_keys=True)


def refused(game: PaperbackGame, action: Any, match: str, field: str | None = None) -> None:
    """The action is refused, naming the field, and the game is left exactly as it was."""
    before = frozen(game.state)
    with pytest.raises(IllegalActionError, match=match) as e:
        game.apply(action)
    if field is not None:
        assert e.value.field == field
    assert frozen(game.state) == before


def set_hand(st: PaperbackState, seat: int, specs: list[str]) -> None:
    """The seat's hand made of these cards (``wild`` a starter wild, or a card's code), taken from wherever they are."""
    _set_hand(st, seat, specs, starter_wilds=True)


def tar(game: PaperbackGame, **extra: Any) -> None:
    """Seat in turn spells TAR (T, R and a wild as A): 2¢."""
    st = game.state
    set_hand(st, st.current, ["T/1$1", "R/1$1", "wild"])
    game.apply(Spell("tar", (Piece(card=0), Piece(card=2, as_letter="a"), Piece(card=1)), (), **extra))


# -- the options --------------------------------------------------------------------------------------------------


def test_options_are_off_by_default_and_a_plain_game_saves_as_before(enable: Lexicon) -> None:
    st = new(enable).state
    assert st.cubes is None and st.coop is None
    saved = st.to_json()
    assert "cubes" not in saved and "coop" not in saved
    assert set(saved["options"]) == {"players", "min_length", "spacebar", "dyslexic"}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"cube_advice": "yes"}, "options.cube_advice"),
        ({"coop": 1}, "options.coop"),
        ({"coop": True, "coop_loss_cubes": 3}, "options.coop_loss_cubes"),
        ({"coop": True, "coop_loss_cubes": True}, "options.coop_loss_cubes"),
        ({"coop_loss_cubes": 4}, "options.coop_loss_cubes"),
        ({"cubes": True}, "options.cubes"),
    ],
)
def test_odd_options_are_refused_naming_the_field(data: dict[str, Any], field: str) -> None:
    with pytest.raises(GameStateError) as e:
        PaperbackOptions.from_json(data)
    assert e.value.field == field


def test_options_round_trip() -> None:
    o = PaperbackOptions(3, **ALL, coop=True, coop_loss_cubes=4)
    assert PaperbackOptions.from_json(o.to_json()) == o


# -- the cubes ----------------------------------------------------------------------------------------------------


def test_the_supply_is_the_boxs_seventeen_cubes_and_none_is_made_or_lost(enable: Lexicon) -> None:
    """Components: "17 Wood Cubes"; "During set-up, place the cubes as a supply beside the Offer." """
    st = new(enable, **ALL).state
    assert st.cubes is not None and st.cubes.supply == CUBES == 17 and st.cubes.held == [0, 0]
    st.cubes.held[0] = 1  # a cube made from nothing
    with pytest.raises(GameStateError, match="17"):
        st.check()
    st.cubes.supply -= 1
    st.check()


def test_advice_gives_the_adviser_a_cube(enable: Lexicon) -> None:
    """ "If you use a word that someone suggested, the player who suggested the word receives a cube from the
    supply." """
    game = new(enable, cube_advice=True)
    st = game.state
    assert st.cubes is not None
    tar(game, advice_from=1)
    assert st.cubes.held == [0, 1] and st.cubes.supply == 16


def test_advice_from_oneself_a_missing_seat_or_without_the_option_is_refused(enable: Lexicon) -> None:
    game = new(enable, cube_advice=True)
    st = game.state
    set_hand(st, 0, ["T/1$1", "R/1$1", "wild"])
    word = (Piece(card=0), Piece(card=2, as_letter="a"), Piece(card=1))
    refused(game, Spell("tar", word, (), 0), "not the speller", "advice_from")
    refused(game, Spell("tar", word, (), 2), "seats are 0 to 1", "advice_from")
    off = new(enable)
    set_hand(off.state, 0, ["T/1$1", "R/1$1", "wild"])
    refused(off, Spell("tar", word, (), 1), "options.cube_advice is off", "advice_from")


def test_cashed_cubes_are_coins_and_go_back_to_the_supply(enable: Lexicon) -> None:
    """ "Players may cash in cubes at any time on their turn for +1¢ each. Cashed-in cubes are returned to the
    supply." """
    game = new(enable, cube_advice=True)
    st = game.state
    assert st.cubes is not None
    st.cubes.held[0], st.cubes.supply = 3, 14
    tar(game)
    refused(game, Cash(4), "you hold 3 cubes", "cubes")
    game.apply(Cash(2))
    assert st.coins == 4 and st.cubes.held[0] == 1 and st.cubes.supply == 16
    game.apply(Buy("offer", 0, "top"))  # a 2¢ vowel and ...
    game.apply(Buy("offer", 0, "top"))  # ... another, with the cashed coins
    assert st.coins == 0


def test_cubes_cashed_before_the_word_join_its_coins_unless_read_as_the_buy_phase_only(enable: Lexicon) -> None:
    """ "Players may cash in cubes at any time on their turn for +1¢ each": the letter (the default) cashes them
    before the word too, their coins added to the word's; the reading ``cash_buy_only`` cashes them after it only."""
    game = new(enable, cube_advice=True)
    st = game.state
    assert st.cubes is not None
    st.cubes.held[0], st.cubes.supply = 3, 14
    game.apply(Cash(2))
    assert st.coins == 2 and st.cubes.held[0] == 1
    tar(game)
    assert st.coins == 2 + 2  # TAR's 2¢ and the cubes'
    only = new(enable, cube_advice=True, cash_buy_only=True)
    assert only.state.cubes is not None
    only.state.cubes.held[0], only.state.cubes.supply = 3, 14
    refused(only, Cash(1), "make a word first", "action")
    assert PaperbackOptions.from_json(only.state.options.to_json()) == only.state.options


def test_recycling_takes_the_trashed_starting_wilds_unless_read_as_the_piles_own(enable: Lexicon) -> None:
    """ "take all the 2¢ cards in the Trash": the letter (the default) takes the trashed 2¢ starting wilds ("five of
    the 2¢ Fame cards") too; the reading ``twos_pile_only`` only the 2¢ pile's own cards."""
    for own in (False, True):
        game = new(enable, recycle_twos=True, twos_pile_only=own)
        st = game.state
        p = st.players[1]
        wild = next(c for c in p.owned() if st.box[c].origin == "wild")
        for place in (p.draw, p.hand, p.discard):
            if wild in place:
                place.remove(wild)
        st.trash.append(wild)
        twos = st.offer[0][:-1]
        st.trash += twos
        del st.offer[0][:-1]
        tar(game)
        game.apply(Buy("offer", 0, "top"))  # the pile runs out
        assert (wild in st.offer[0]) is not own and (wild in st.trash) is own
        st.check()


def test_cash_without_a_cube_rule_is_refused(enable: Lexicon) -> None:
    game = new(enable, cube_discount=True)
    tar(game)
    refused(game, Cash(1), "options.cube_advice", "action")


def test_discard_hand_for_a_cube(enable: Lexicon) -> None:
    """ "If you can't or don't want to buy a letter, you may discard your entire hand (not forming a word), and gain
    a cube from supply." """
    game = new(enable, cube_discard=True)
    st = game.state
    assert st.cubes is not None
    hand = list(st.players[0].hand)
    game.apply(Discard())
    assert st.cubes.held == [1, 0] and st.cubes.supply == 16
    assert set(hand) <= set(st.players[0].discard) and st.current == 1 and st.phase == WORD  # ends as a pass does
    off = new(enable)
    refused(off, Discard(), "options.cube_discard is off", "action")
    tar(game)
    refused(game, Discard(), "the word is made", "action")


def test_an_empty_supply_gives_no_cube(enable: Lexicon) -> None:
    """A reading: with the supply empty, a rule that gives a cube gives none (no cube is ever made)."""
    game = new(enable, cube_discard=True)
    st = game.state
    assert st.cubes is not None
    st.cubes.held[1], st.cubes.supply = CUBES, 0
    game.apply(Discard())
    assert st.cubes.held == [0, CUBES] and st.cubes.supply == 0
    st.check()


def test_discount_tokens(enable: Lexicon) -> None:
    """ "When a card is purchased off the top of a pile in the Offer, the other card gets a cube as a discount token.
    For each token on top of a card, the card's price is reduced by 1¢ (to a minimum 0¢). Remove the tokens when the
    discounted card is purchased. Cubes are returned back to the supply." """
    game = new(enable, cube_discount=True)
    st = game.state
    cubes = st.cubes
    assert cubes is not None
    tar(game)
    st.coins = 30
    row = st.row[1]
    assert row is not None
    game.apply(Buy("offer", 1, "top"))  # a 3¢ card off the top: the row card below gets a token
    assert cubes.on(row) == 1 and cubes.supply == 16 and st.price(row) == 2
    game.apply(Buy("offer", 1, "top"))
    game.apply(Buy("offer", 1, "top"))
    game.apply(Buy("offer", 1, "top"))
    assert cubes.on(row) == 4 and st.price(row) == 0  # 3¢ less 4 tokens: a minimum of 0¢
    coins = st.coins
    game.apply(Buy("offer", 1, "row"))
    assert st.coins == coins and cubes.on(row) == 0 and cubes.supply == CUBES  # bought for 0¢, its tokens back
    game.apply(Buy("offer", 0, "top"))  # the 2¢ pile has no other card: no token (a reading)
    assert cubes.supply == CUBES


def test_a_trashed_discounted_card_returns_its_tokens(enable: Lexicon) -> None:
    """A reading: tokens sit only on a row card (the "other card" below a pile's top), which never moves back to the
    top; trashed from the row, its tokens go back to the supply, as when it is bought."""
    game = new(enable, cube_discount=True)
    st = game.state
    cubes = st.cubes
    assert cubes is not None
    row = st.row[2]
    assert row is not None
    cubes.put(row)
    cubes.put(row)
    set_hand(st, 0, ["B/3$6:trash-offer:2", "wild", "T/1$1"])
    word = (Piece(card=0), Piece(card=1, as_letter="a"), Piece(card=2))
    game.apply(Spell("bat", word, (Step("offer", pile=2, slot="row"),)))
    assert row in st.trash and cubes.supply == CUBES and not cubes.tokens


def test_recycle_the_two_cent_cards(enable: Lexicon) -> None:
    """ "If the 2¢ pile runs out, take all the 2¢ cards in the Trash, shuffle them, and re-create the 2¢ pile" """

    def run(seed: int) -> list[int]:
        game = new(enable, seed=seed, recycle_twos=True)
        st = game.state
        twos = st.offer[0][:-1]
        st.trash += twos  # all but one 2¢ card trashed
        del st.offer[0][:-1]
        tar(game)
        game.apply(Buy("offer", 0, "top"))  # the last one bought: the pile runs out
        assert sorted(st.offer[0]) == sorted(twos) and not any(st.box[c].cost == 2 for c in st.trash)
        st.check()
        return st.offer[0]

    assert run(3) == run(3)  # the shuffle is the game's seeded generator: a replay deals it again
    plain = new(enable)
    st = plain.state
    st.trash += st.offer[0][:-1]
    del st.offer[0][:-1]
    tar(plain)
    plain.apply(Buy("offer", 0, "top"))
    assert not st.offer[0]  # off: the pile stays empty


# -- co-op --------------------------------------------------------------------------------------------------------


def test_the_pyramid_reading(enable: Lexicon) -> None:
    """ "The Fame cards start in a pyramid pattern" (the picture is not in our text): the default layout, a row a
    Fame pile, the cheapest at the base; a card covered by the cards below it whose span overlaps its own."""
    st = new(enable, coop=True).state
    assert st.coop is not None and not any(st.fame)
    assert [st.box[c].cost for c in st.coop.pyramid if c is not None] == [5] * 4 + [8] * 4 + [11] * 2 + [17]
    assert st.coop.open() == [0, 1, 2, 3]
    assert covering(((0, 0, 0, 0), (1, 1, 1, 1), (2, 2), (3,)))[4:] == [[0], [1], [2], [3], [4, 5], [6, 7], [8, 9]]


def test_only_uncovered_cards_are_bought(enable: Lexicon) -> None:
    """ "You may only buy cards that are uncovered." """
    game = new(enable, coop=True)
    st = game.state
    assert st.coop is not None
    tar(game)
    st.coins = 40
    refused(game, Buy("fame", 4), "covered", "index")
    refused(game, Buy("fame", 11), "no Fame card at pyramid position 11", "index")
    game.apply(Buy("fame", 0))
    assert st.coop.pyramid[0] is None and st.coop.uncovered(4)
    game.apply(Buy("fame", 4))  # uncovered now
    refused(game, Buy("fame", 0), "no Fame card", "index")


def test_a_turn_without_fame_puts_a_cube_on_an_uncovered_card(enable: Lexicon) -> None:
    """ "During any turn in which you don't buy a Fame Card, you must put a cube on an uncovered Fame Card." """
    game = new(enable, coop=True)
    st = game.state
    coop, cubes = st.coop, st.cubes
    assert coop is not None and cubes is not None
    refused(game, Pass(), "puts a cube", "action")
    refused(game, Place(5), "covered", "card")
    game.apply(Place(2))
    refused(game, Place(3), "no cube is due", "card")
    game.apply(Pass())
    assert cubes.on(coop.pyramid[2] or 0) == 1 and cubes.supply == 16 and st.current == 1
    tar(game)
    st.coins = 5
    refused(game, End(), "puts a cube", "action")
    game.apply(Buy("fame", 2))  # the card with the cube bought: no cube due, its cube back in the supply
    refused(game, Place(0), "a Fame card was bought", "card")
    game.apply(End())
    assert cubes.supply == CUBES and st.current == 0


def test_place_outside_coop_is_refused(enable: Lexicon) -> None:
    game = new(enable, cube_discount=True)
    refused(game, Place(0), "options.coop is off", "action")


@pytest.mark.parametrize("loss", [5, 4])
def test_the_team_loses_when_a_card_gets_its_cubes(enable: Lexicon, loss: int) -> None:
    """ "If any card gets 5 cubes on it, then all players lose! For an extra challenge, have players lose if 4 tokens
    are on a card." """
    game = new(enable, coop=True, coop_loss_cubes=loss)
    st = game.state
    for _ in range(loss - 1):
        game.apply(Place(0))
        game.apply(Pass())
    assert st.phase == WORD
    game.apply(Place(0))
    assert st.phase == OVER and game.result() == "lost" and game.winner() is None and st.turns == loss
    st.check()
    refused(game, Pass(), "over")


def test_the_team_wins_by_buying_every_fame_card(enable: Lexicon) -> None:
    """ "The goal is to buy all the Fame cards before you lose the game." The competitive ends do not apply in co-op
    (a reading): the spent length track and the empty Fame piles end nothing."""
    game = new(enable, coop=True)
    st = game.state
    assert st.coop is not None
    st.unused += st.track  # the length track spent
    st.track = []
    tar(game)
    st.coins = 200
    for k in range(10):
        game.apply(Buy("fame", k))
    game.apply(End())
    assert st.phase == WORD  # one card left: the game goes on
    tar(game)
    st.coins = 17
    game.apply(Buy("fame", 10))
    game.apply(End())
    assert st.phase == OVER and game.result() == "won" and st.turns == 2


def test_an_empty_supply_with_a_cube_due_loses(enable: Lexicon) -> None:
    """A reading: the cube a turn without Fame must place cannot come from an empty supply; the team loses at the end
    of that turn (so a co-op game always ends)."""
    game = new(enable, coop=True, cube_discard=True)
    st = game.state
    assert st.cubes is not None
    st.cubes.held[1], st.cubes.supply = CUBES, 0
    refused(game, Place(0), "supply is empty", "card")
    game.apply(Pass())
    assert st.phase == OVER and game.result() == "lost"


def test_a_deck_gives_its_own_pyramid(enable: Lexicon) -> None:
    """ "Also, try different Fame Card layouts for a new challenge." A deck's ``pyramid``, checked: every Fame card of
    the player count once."""
    data = DECK.to_json()
    data["pyramid"] = {"2": [[0, 0, 0, 0, 1, 1], [1, 1, 2, 2], [3]]}
    deck = deck_from_json(data)
    game = PaperbackGame.new(deck, PaperbackOptions(2, coop=True), 1, enable)
    assert game.state.coop is not None and game.state.coop.open() == [0, 1, 2, 3, 4, 5]
    assert deck_from_json(deck.to_json()) == deck
    assert deck.pyramid_rows(3) == DECK.pyramid_rows(3)  # a count it does not give: the default
    for bad, why in (
        ({"2": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2]]}, "lays out 0 cards of fame"),
        ({"7": [[0]]}, "not a player count"),
        ({"2": [[0, 0, 0, 0], [], [1, 1, 1, 1, 2, 2, 3]]}, "non-empty rows"),
        ({"2": [[0, 0, 0, 0, 9]]}, "Fame pile's number"),
        ([], "must be an object"),
    ):
        data["pyramid"] = bad
        with pytest.raises(DeckError, match=why):
            deck_from_json(data)


# -- forged actions and states, save, load, replay ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"action": "cash"}, "cubes"),
        ({"action": "cash", "cubes": 0}, "cubes"),
        ({"action": "cash", "cubes": True}, "cubes"),
        ({"action": "place", "card": -1}, "card"),
        ({"action": "place", "card": "1"}, "card"),
        ({"action": "spell", "word": "at", "layout": [{"card": 0}, {"card": 1}], "advice_from": "1"}, "advice_from"),
    ],
)
def test_odd_actions_are_named(data: dict[str, Any], field: str) -> None:
    with pytest.raises(IllegalActionError) as e:
        action_from_json(data)
    assert e.value.field == field


def test_new_actions_round_trip_through_json() -> None:
    word = Spell("at", (Piece(card=0), Piece(card=1)), (), 1)
    for a in (Cash(3), Discard(), Place(4), word):
        assert action_from_json(json.loads(json.dumps(a.to_json()))) == a


def test_a_forged_cube_or_pyramid_state_is_refused(enable: Lexicon) -> None:
    saved = new(enable, coop=True, **ALL).to_json()
    for path, value, match in (
        (("cubes", "supply"), 16, "16 cubes"),
        (("cubes", "held"), [0], "each of the 2"),
        (("cubes", "tokens"), {"0": 1}, "18 cubes"),
        (("cubes", "tokens"), {"x": 1}, "not a card id"),
        (("coop", "result"), "won", "once the game is over"),
        (("coop", "pyramid"), [None] * 11, "in 0 places"),
    ):
        forged = copy.deepcopy(saved)
        forged[path[0]][path[1]] = value
        with pytest.raises(GameStateError, match=match):
            PaperbackGame.load(forged, enable)
    stray = copy.deepcopy(saved)
    stray["cubes"].update(supply=16, tokens={"0": 1})  # a cube on a starting card
    with pytest.raises(GameStateError, match="cannot hold cubes"):
        PaperbackGame.load(stray, enable)
    plain = new(enable).to_json()
    plain["cubes"] = saved["cubes"]
    with pytest.raises(GameStateError, match="no option using it"):
        PaperbackGame.load(plain, enable)
    swapped = copy.deepcopy(saved)
    swapped["coop"]["pyramid"][0], swapped["coop"]["pyramid"][10] = (
        swapped["coop"]["pyramid"][10],
        swapped["coop"]["pyramid"][0],
    )
    with pytest.raises(GameStateError, match=r"pyramid\[0\]"):
        PaperbackGame.load(swapped, enable)


@pytest.mark.parametrize("coop", [False, True])
def test_save_load_and_replay_round_trip_with_the_options_on(enable: Lexicon, coop: bool) -> None:
    options = PaperbackOptions(2, **ALL, coop=coop, double_words_additive=not coop)  # a reading too
    game = PaperbackGame.new(DECK, options, 21, enable)
    bots = [make_bot("random", enable, 5), make_bot("greedy", enable, 6)]
    for _ in range(12):
        if game.state.phase == OVER:
            break
        bots[game.state.current].play_turn(game)
    saved = json.loads(json.dumps(game.to_json()))
    loaded = PaperbackGame.load(saved, enable)
    assert loaded.to_json() == saved
    again = PaperbackGame.replay(DECK, PaperbackOptions.from_json(saved["options"]), 21, loaded.log, enable)
    assert again.to_json() == saved
    assert ("coop" in saved) is coop and "cubes" in saved
    assert game.state.phase in (WORD, BUY, OVER)
