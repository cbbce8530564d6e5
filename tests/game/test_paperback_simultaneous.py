"""Paperback's simultaneous play (the option ``simultaneous``) and the advice rule's turn timer (``turn_timer``): a
test per line of the rulebook's "Game Mode: Simultaneous play" quoting it, the readings where it is silent, actions
the stage does not take refused with the state unchanged, the timer on an injected clock, and random and bot games
ended with every card in one place after every action, saved, loaded and replayed identically."""

from __future__ import annotations

import json
from typing import Any

import pytest
from paperback_helpers import set_hand

from solver.bots.paperback_expert import make_any
from solver.game.hardback.actions import IllegalActionError
from solver.game.paperback import Buy, End, PaperbackGame, PaperbackOptions, PaperbackState, Pass, Piece, Spell
from solver.game.paperback.actions import Action, Cash
from solver.game.paperback.engine import BUY, OVER, WORD
from solver.game.paperback.protocol import PaperbackTable
from solver.game.paperback.simultaneous import BUYS, DRAFT, MARKET, WORDS
from solver.game.saving import GameStateError
from solver.lexicon import Lexicon
from solver.paperback.abilities import Act
from solver.paperback.deck import house_deck

DECK = house_deck()


class Clock:
    """A clock a test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


class Checked(PaperbackGame):
    """A game whose every card is in exactly one place after every action (``check``), the cubes all there."""

    def apply(self, action: Action | dict[str, Any]) -> None:
        super().apply(action)
        self.state.check()
        assert self.state.cubes is None or self.state.cubes.total() == 17


def new(enable: Lexicon, players: int = 3, seed: int = 5, clock: Clock | None = None, **rules: Any) -> PaperbackGame:
    options = PaperbackOptions(players, simultaneous=True, **rules)
    clock = clock or Clock()
    return Checked(PaperbackGame.new(DECK, options, seed, enable, clock=clock).state, enable, clock=clock)


def frozen(st: PaperbackState) -> str:
    return json.dumps(st.to_json(), sort_keys=True)


def refused(game: PaperbackGame, action: Action, match: str) -> None:
    before = frozen(game.state)
    with pytest.raises(IllegalActionError, match=match):
        game.apply(action)
    assert frozen(game.state) == before


def draft(game: PaperbackGame) -> list[int]:
    """The draft played, each pick the first card of the row; the seats that picked, in order."""
    st = game.state
    seats = []
    while st.simul is not None and st.simul.stage == DRAFT:
        seats.append(st.current)
        game.apply(Buy("offer", next(k for k, c in enumerate(st.row) if c is not None), "row"))
    return seats


def tar(game: PaperbackGame, word: str = "tar") -> Spell:
    """The seat in turn's hand made T, R and a starting wild (as A): a spell of ``word`` from it."""
    st = game.state
    set_hand(st, st.current, ["T/1$1", "R/1$1", "wild"], starter_wilds=True)
    return Spell(word, (Piece(card=0), Piece(card=2, as_letter=word[1]), Piece(card=1)), ())


# -- the setup ------------------------------------------------------------------------------------------------------


def test_the_offer_is_one_shuffled_deck_and_a_row_of_ten_without_8c_cards(enable: Lexicon) -> None:
    """ "During setup, remove the cards with the "trash cards from the Offer" ability. Shuffle all the 2¢–10¢ cards
    together. Replace the Offer with 10 cards dealt from this deck." ... "discard and replace cards 8¢ or higher until
    there are none in the offer." """
    st = new(enable).state
    simul = st.simul
    assert simul is not None and simul.stage == DRAFT
    assert not any(a.effect.act is Act.TRASH_OFFER for b in st.box for a in b.card.abilities)
    assert any(a.effect.act is Act.TRASH_OFFER for c in DECK.offer for a in c.card.abilities)  # the deck has some
    assert len(st.row) == MARKET and not any(st.offer)
    assert all(c is not None and st.box[c].cost < 8 for c in st.row)
    assert simul.aside and all(st.box[c].cost >= 8 for c in simul.aside)
    offer = [i for i, b in enumerate(st.box) if b.origin == "offer"]
    assert sorted([*simul.deck, *simul.aside, *(c for c in st.row if c is not None)]) == offer
    assert all(not p.hand for p in st.players)


def test_the_draft_is_a_b_c_c_b_a_and_gives_12_card_decks_and_6_card_hands(enable: Lexicon) -> None:
    """ "Then have players take turns choosing a card from the offer in A-B-C-C-B-A order ... Once everyone has two
    cards, shuffle them into their normal starting deck cards. Players start with a 12-card deck and have a base of
    6-card hands instead of 5. Replenish the row to 10 cards before starting your first round." """
    game = new(enable)
    st = game.state
    refused(game, Buy("offer", 0, "top"), "the draft")
    refused(game, Pass(), "the draft")
    taken = st.row[0]
    game.apply(Buy("offer", 0, "row"))
    refused(game, Buy("offer", 0, "row"), "no card in the row's place 0")
    assert draft(game) == [1, 2, 2, 1, 0]
    assert st.simul is not None and st.simul.stage == WORDS and st.phase == WORD
    for p in st.players:
        assert len(p.owned()) == 12 and len(p.hand) == 6
    assert taken in st.players[0].owned()
    assert all(c is not None for c in st.row)  # replenished to 10
    assert st.current == 0


# -- the round ------------------------------------------------------------------------------------------------------


def to_words(enable: Lexicon, **rules: Any) -> PaperbackGame:
    game = new(enable, **rules)
    draft(game)
    return game


def test_words_are_bought_with_in_the_order_announced_and_the_row_refills_after_the_last(enable: Lexicon) -> None:
    """ "Make a note of the order in which players announced their words; once everyone has made a word, players buy
    cards in that order. The Offer replenishes only after the last person has bought cards." """
    game = to_words(enable)
    st = game.state
    assert st.simul is not None
    for seat in (0, 1, 2):
        assert st.current == seat and st.phase == WORD
        game.apply(tar(game))
    assert st.simul.stage == BUYS and st.simul.order == [0, 1, 2]
    assert st.current == 0 and st.phase == BUY and st.coins == 2
    cheap = min((k for k, c in enumerate(st.row) if c is not None), key=lambda k: st.price(st.row[k] or 0))
    refused(game, Buy("offer", cheap, "top"), "no card shows")
    if st.price(st.row[cheap] or 0) <= 2:
        game.apply(Buy("offer", cheap, "row"))
        assert st.row[cheap] is None  # not replenished yet
    game.apply(End())
    assert len(st.players[0].hand) == 6
    game.apply(End())
    assert st.current == 2 and st.phase == BUY
    game.apply(End())
    assert st.simul.stage == WORDS and st.simul.round == 1
    assert all(c is not None for c in st.row)  # replenished after the last buyer
    assert st.current == 1  # the next round asks the seats from one seat later


def test_an_invalid_word_bumps_the_seat_to_the_end_and_it_must_make_a_valid_word(enable: Lexicon) -> None:
    """ "If someone announces an invalid word, they get bumped to the end of the buy order and must make a valid word
    in order to buy anything." An invalid word is a spell whose layout reads but whose word the dictionary (or the
    shortest length) refuses; a spell whose layout does not read is refused as in any turn."""
    game = to_words(enable)
    st = game.state
    assert st.simul is not None
    bad = tar(game, "txr")
    refused(game, Spell("tar", bad.layout[:2], ()), "spells")
    game.apply(bad)
    assert st.simul.bumped == [0] and st.current == 1
    game.apply(tar(game))
    game.apply(Pass())
    assert st.simul.passed == [2] and len(st.players[2].hand) == 6
    assert st.simul.stage == BUYS and st.current == 1 and st.phase == BUY  # the valid word first
    game.apply(End())
    assert st.current == 0 and st.phase == WORD  # bumped: its word now, checked as any turn's
    refused(game, tar(game, "txr"), "not in the dictionary")
    refused(game, End(), "make a word first")
    game.apply(tar(game))
    assert st.phase == BUY and st.coins == 2
    game.apply(End())
    assert st.simul.stage == WORDS and st.simul.round == 1


def test_a_seat_naming_itself_announces_out_of_turn_and_buys_first(enable: Lexicon) -> None:
    """ "All players race to make a word for the round": the engine asks the seats in turn, and a seat that names
    itself (``Spell.seat``) announces ahead of them; the order the words reach the engine is the order announced."""
    game = to_words(enable)
    st = game.state
    assert st.simul is not None and st.current == 0
    st.current = 2
    first = tar(game)
    st.current = 0
    game.apply(Spell(first.word, first.layout, (), seat=2))
    assert st.simul.order == [2] and st.current == 0
    refused(game, Spell(first.word, first.layout, (), seat=2), "not seat 2's")
    game.apply(tar(game))
    game.apply(tar(game))
    assert st.simul.order == [2, 0, 1] and st.current == 2 and st.phase == BUY
    plain = PaperbackGame.new(DECK, PaperbackOptions(2), 1, enable)
    plain.state.current = 1
    spell = tar(plain)
    plain.state.current = 0
    refused(plain, Spell(spell.word, spell.layout, (), seat=1), "seat 0's turn")
    assert Spell("at", first.layout, (), seat=2).to_json()["seat"] == 2 and "seat" not in first.to_json()


def test_what_a_stage_does_not_take_is_refused_unchanged(enable: Lexicon) -> None:
    game = to_words(enable, cube_advice=True)
    st = game.state
    assert st.cubes is not None
    st.cubes.held[0], st.cubes.supply = 2, 15
    refused(game, Cash(1), "at your buy turn")
    refused(game, End(), "make a word first")
    refused(game, Buy("offer", 0, "row"), "make a word first")
    refused(game, Buy("offer", MARKET, "row"), "make a word first")
    from solver.game.paperback.actions import Discard

    refused(game, Discard(), "cube_discard")  # (the rule off: the seat's round goes on)
    with pytest.raises(GameStateError, match="coop"):
        PaperbackGame.new(DECK, PaperbackOptions(2, simultaneous=True, coop=True), 1, enable)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"simultaneous": True, "coop": True}, "options.coop"),
        ({"simultaneous": True, "attacks": True}, "options.attacks"),
        ({"simultaneous": True, "cube_discount": True}, "options.cube_discount"),
        ({"simultaneous": True, "recycle_twos": True}, "options.recycle_twos"),
        ({"simultaneous": True, "players": 6}, "options.players"),
        ({"simultaneous": "yes"}, "options.simultaneous"),
        ({"turn_timer": 30}, "options.turn_timer"),
        ({"turn_timer": -1, "cube_advice": True}, "options.turn_timer"),
    ],
)
def test_odd_mode_options_are_refused_naming_the_field(options: dict[str, Any], field: str) -> None:
    with pytest.raises(GameStateError) as e:
        PaperbackOptions.from_json(options)
    assert e.value.field == field


def test_the_modes_are_saved_only_when_on() -> None:
    assert not {"simultaneous", "turn_timer"} & set(PaperbackOptions(2).to_json())
    on = PaperbackOptions(2, simultaneous=True, cube_advice=True, turn_timer=45)
    assert on.to_json()["simultaneous"] is True and on.to_json()["turn_timer"] == 45
    assert PaperbackOptions.from_json(on.to_json()) == on


# -- the turn timer -------------------------------------------------------------------------------------------------


def test_the_timer_reveals_the_hands_of_the_seats_past_it(enable: Lexicon) -> None:
    """ "This rule can also be played with a turn timer, where you must reveal your hand and offer a bounty when the
    time is up." A seat still to make its word past the deadline shows its hand in every view, as its bounty."""
    clock = Clock()
    game = PaperbackGame.new(DECK, PaperbackOptions(2, cube_advice=True, turn_timer=30), 3, enable, clock=clock)
    table = PaperbackTable(game)
    assert table.view(1)["timer"] == {"seconds": 30, "deadline": 1_030.0, "left": 30.0, "bounty": []}
    clock.now = 1_029.9
    assert table.view(1)["timer"]["bounty"] == []
    clock.now = 1_030.0
    hand = [game.state.card(i).code for i in game.state.players[0].hand]
    assert table.view(1)["timer"]["bounty"] == [{"seat": 0, "hand": hand}]
    game.apply(tar(game))  # the buy phase: the word is made, nothing to reveal
    assert table.view(1)["timer"]["bounty"] == []
    clock.now = 2_000.0
    game.apply(End())  # seat 1's turn: its timer starts now
    assert game.state.timer == 2_000.0 and table.view(0)["timer"]["bounty"] == []
    clock.now = 2_031.0
    assert [b["seat"] for b in table.view(0)["timer"]["bounty"]] == [1]
    spell = tar(game)
    game.apply(Spell(spell.word, spell.layout, (), advice_from=0))  # the bounty's adviser gains a cube
    assert game.state.cubes is not None and game.state.cubes.held[0] == 1


def test_in_simultaneous_play_every_seat_still_to_announce_offers_its_bounty(enable: Lexicon) -> None:
    clock = Clock()
    game = to_words(enable, clock=clock, cube_advice=True, turn_timer=60)
    table = PaperbackTable(game)
    start = game.state.timer
    assert start is not None
    game.apply(tar(game))
    assert game.state.timer == start  # one race a round: the announcements share the clock
    clock.now = start + 60
    bounty = table.view(0)["timer"]["bounty"]
    assert [b["seat"] for b in bounty] == [1, 2] and all(len(b["hand"]) == 6 for b in bounty)


def test_no_timer_no_timer_view(enable: Lexicon) -> None:
    assert "timer" not in PaperbackTable(to_words(enable)).view(0)
    assert "simultaneous" not in PaperbackTable(PaperbackGame.new(DECK, PaperbackOptions(2), 1, enable)).view(0)


# -- whole games ----------------------------------------------------------------------------------------------------


def play(game: PaperbackGame, bots: list[str], lexicon: Lexicon, max_actions: int = 4000) -> None:
    """Bots play the game out (every card in one place after every action: ``Checked``)."""
    assert isinstance(game, Checked)
    seats = [make_any(bots[s % len(bots)], lexicon, 100 + s) for s in range(len(game.state.players))]
    st = game.state
    while st.phase != OVER:
        before = len(game.log)
        assert before < max_actions
        seats[st.current].play_turn(game)
        assert len(game.log) > before


def round_trip(game: PaperbackGame, lexicon: Lexicon, clock: Clock) -> None:
    saved = json.loads(json.dumps(game.to_json()))
    assert PaperbackGame.load(saved, lexicon).to_json() == saved
    options = PaperbackOptions.from_json(saved["options"])
    # a timer's times are the clock's: the same clock (here standing still), the same times
    again = PaperbackGame.replay(DECK, options, game.state.seed, game.log, lexicon, clock)
    assert again.to_json() == saved


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_with_every_card_in_its_place(enable: Lexicon, seed: int) -> None:
    rules: dict[str, Any] = {"cube_advice": seed % 2 == 0, "cube_discard": seed % 3 == 0}
    if seed % 2 == 0:
        rules["turn_timer"] = 20
    clock = Clock()
    game = new(enable, players=2 + seed % 4, seed=seed, clock=clock, powers=seed % 3 == 1, **rules)
    play(game, ["random"], enable)
    assert game.state.simul is not None and game.state.simul.round > 0
    round_trip(game, enable, clock)


@pytest.mark.slow
def test_a_hundred_random_games(enable: Lexicon) -> None:
    for seed in range(100):
        rules: dict[str, Any] = {"cube_advice": seed % 2 == 0, "cube_discard": seed % 3 == 0}
        rules |= {"turn_timer": 20} if seed % 2 == 0 else {}
        clock = Clock()
        game = new(enable, players=2 + seed % 4, seed=seed, clock=clock, powers=seed % 3 == 1, theme=seed % 5 == 0,
                   award=seed % 7 == 0, double_words_additive=seed % 2 == 1, **rules)
        play(game, ["random"], enable)
        round_trip(game, enable, clock)


def test_the_bots_play_it(enable: Lexicon) -> None:
    clock = Clock()
    game = new(enable, players=3, seed=9, clock=clock)
    play(game, ["greedy", "hard", "expert"], enable)
    winner = PaperbackTable(game).winner()
    assert winner is None or 0 <= winner < 3
    round_trip(game, enable, clock)



def test_a_record_of_simultaneous_play_reviews_each_seats_word(enable: Lexicon) -> None:
    """The record replays (a word announced out of turn read as its own seat's; an invalid word as no word)."""
    from solver.game.paperback.legal import words
    from solver.game.paperback.record import PaperbackRecords, record_json

    game = to_words(enable)
    st = game.state

    def best(seat: int) -> Spell:  # the ghost writer's best word of a seat's hand (the state as it was)
        asked, st.current = st.current, seat
        spell = next(words(st, enable, 1))
        st.current = asked
        return spell

    out_of_turn = best(2)
    game.apply(Spell(out_of_turn.word, out_of_turn.layout, (), seat=2))
    k = next(i for i, c in enumerate(st.players[0].hand) if not st.card(c).wild)
    game.apply(Spell(st.card(st.players[0].hand[k]).letters, (Piece(card=k),), ()))  # one letter: invalid
    game.apply(best(1))
    data = json.loads(json.dumps(record_json(game, ["you", "a", "b"], None)))
    formats = PaperbackRecords()
    record = formats.read(data)
    replayed, turns = formats.replay(record, enable)
    assert replayed.to_json()["players"] == game.to_json()["players"]
    told = [(t.seat, t.played.word if t.played is not None else None) for t in turns]
    assert [seat for seat, _ in told] == [2, 0, 1] and told[0][1] == out_of_turn.word and told[1][1] is None
