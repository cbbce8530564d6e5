"""The game engine against the rules (one small, exact situation a rule, built with hardback_situations): events: each
requirement, what they pay or charge, drawing, exchanging and keeping them, the event decks; and the open questions
that involve them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hardback_situations import LEX, new_game, refused, seat, snapshot, spell, spell_action

from solver.game.hardback.actions import EventChoice, Pass
from solver.game.hardback.engine import Game
from solver.game.hardback.events import Event, EventError, load_events
from solver.game.hardback.options import GameOptions, GameOptionsError, Powers
from solver.game.hardback.rules import exchange_seats
from solver.game.hardback.state import GameState, Phase
from solver.hardback.catalogue import Rules

# -- events -----------------------------------------------------------------------------------------------------

EVENTS = [
    {"name": "Long", "min_length": 4},
    {"name": "Short", "max_length": 2},
    {"name": "No E", "banned_letters": "E"},
    {"name": "Needs O", "required_letters": "OU"},
    {"name": "Tidy", "max_wilds": 0},
    {"name": "Dry", "no_ink": True},
    {"name": "Rich", "coins": 2},
    {"name": "Poor", "coins": -5},
    {"name": "Famous", "prestige_per_word": 2},
]


Deck = tuple[Event, ...]


@pytest.fixture
def event_deck(tmp_path: Path) -> Deck:
    path = tmp_path / "events.json"
    path.write_text(json.dumps(EVENTS), encoding="utf-8")
    return tuple(load_events(str(path)))


def with_event(deck: Deck, name: str) -> Game:
    game = new_game(events=True, event_deck=deck)
    seat(game, hand=["T", "E", "A", "S"], event=name, ink=1)
    return game


@pytest.mark.parametrize(
    ("name", "action", "reason"),
    [
        ("Long", spell_action("tea", "T", "E", "A"), "at least 4 letters"),
        ("Short", spell_action("tea", "T", "E", "A"), "event Short: words of at most 2 letters"),
        ("No E", spell_action("tea", "T", "E", "A"), "event No E: the word may not contain E"),
        ("Needs O", spell_action("tea", "T", "E", "A"), "event Needs O: the word must contain one of OU"),
        ("Tidy", spell_action("tea", "T", "E*", "A"), "event Tidy: at most 0 wild cards"),
        ("Dry", {"action": "ink"}, "event Dry: no drawing with ink"),
    ],
)
def test_each_event_requirement_refuses_what_breaks_it(
    event_deck: Deck, name: str, action: dict[str, Any], reason: str
) -> None:
    game = with_event(event_deck, name)
    refused(game, action, reason)


@pytest.mark.parametrize("name", ["Long", "Short", "No E", "Needs O", "Tidy", "Dry"])
def test_a_word_that_keeps_the_event_is_allowed(event_deck: Deck, name: str) -> None:
    game = with_event(event_deck, name)
    word, layout = {
        "Long": ("east", ["E", "A", "S", "T"]),
        "Short": ("at", ["A", "T"]),
        "No E": ("sat", ["S", "A", "T"]),
        "Needs O": ("orb", ["T*", "E*", "A*"]),
        "Tidy": ("tea", ["T", "E", "A"]),
        "Dry": ("tea", ["T", "E", "A"]),
    }[name]
    spell(game, word, *layout)


@pytest.mark.parametrize(("name", "coins", "prestige"), [("Rich", 4, 0), ("Poor", 0, 0), ("Famous", 2, 2)])
def test_events_that_pay_or_charge_each_word(event_deck: Deck, name: str, coins: int, prestige: int) -> None:
    game = with_event(event_deck, name)
    spell(game, "at", "A", "T")
    assert (game.state.turn.coins, game.state.player.prestige) == (coins, prestige)


def test_entering_a_new_decade_draws_an_event_and_discards_the_old_one(event_deck: Deck) -> None:
    game = new_game(events=True, event_deck=event_deck)
    st = game.state
    p = seat(game, prestige=9)
    game.apply(Pass())
    assert p.event == "" and len(st.events_deck) == len(EVENTS)
    game.apply(Pass())
    seat(game, 0, prestige=10)
    game.apply(Pass())
    first = p.event
    assert first and p.decade == 1 and game.event_of(p) is not None and len(st.events_deck) == len(EVENTS) - 1
    game.apply(Pass())
    seat(game, 0, prestige=25)
    game.apply(Pass())
    assert p.event != first and p.decade == 2 and [e.name for e in st.events_used] == [first]


def test_an_event_drawn_may_be_exchanged_with_a_player_ahead(event_deck: Deck) -> None:
    """Rulebook: on drawing an event, keep it or exchange it with the event of any player ahead of you."""
    game = new_game(players=3, events=True, event_deck=event_deck)
    st = game.state
    seat(game, 1, prestige=30, event="Rich")
    seat(game, 2, prestige=5, event="Famous")  # behind: not offered
    p = seat(game, 0, prestige=10)
    game.apply(Pass())
    assert st.phase == Phase.EVENT and st.current == 0
    drawn = p.event
    assert drawn and exchange_seats(st) == [1]
    refused(game, {"action": "event", "swap": 2}, "seat 2 is not ahead of you")
    refused(game, {"action": "event", "swap": 0}, "another player's")
    refused(game, {"action": "event", "swap": 7}, "a player ahead of you holding an event: \\[1\\]")
    refused(game, {"action": "end"}, "end is not allowed in the event phase")
    game.apply(EventChoice(1))
    assert (p.event, st.players[1].event) == ("Rich", drawn)
    assert st.phase == Phase.PREPARE and st.current == 1


def test_an_event_drawn_is_kept_without_a_choice_when_nobody_ahead_holds_one(event_deck: Deck) -> None:
    game = new_game(events=True, event_deck=event_deck)
    seat(game, 1, prestige=30)  # ahead, but holds no event
    p = seat(game, 0, prestige=10)
    game.apply(Pass())
    assert p.event and game.state.phase == Phase.PREPARE and game.state.current == 1


def test_keeping_the_event_ends_the_turn_and_replays(event_deck: Deck) -> None:
    game = new_game(events=True, event_deck=event_deck)
    seat(game, 1, prestige=30, event="Rich")
    p = seat(game, 0, prestige=10)
    game.apply(Pass())
    drawn = p.event
    loaded = Game(GameState.from_json(json.loads(snapshot(game))), LEX)  # saved in the event phase
    game.apply(EventChoice())
    loaded.apply(EventChoice())
    assert p.event == drawn and game.state.current == 1
    assert snapshot(loaded) == snapshot(game)


def test_the_shipped_event_deck_loads() -> None:
    events = load_events()
    assert len(events) >= 10 and len({e.name for e in events}) == len(events)
    assert len(new_game(events=True).state.events_deck) == len(events)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (None, "cannot read the event deck"),
        ("[{", "is not JSON"),
        ("[]", "a JSON list of 1 to 100 events"),
        ('[{"name": "Odd"}, {"name": "Odd"}]', "the event name 'Odd' is given twice"),
        ("\udcff", "not UTF-8"),
        ('{"name": "x"}', "must be a JSON list of 1 to 100 events"),
        ('[{"text": "no name"}]', 'at least a "name"'),
        ('[{"name": "Odd", "colour": "red"}]', "event 'Odd': unknown field 'colour'"),
        ('[{"name": "Odd", "max_length": "four"}]', "event 'Odd': max_length must be like 0"),
        ('[{"name": "Odd", "no_ink": 1}]', "no_ink must be like False"),
    ],
)
def test_a_bad_event_file_says_what_is_wrong(tmp_path: Path, text: str | None, reason: str) -> None:
    path = tmp_path / "deck.json"
    if text is not None:
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(EventError, match=reason):
        load_events(str(path))


def test_a_tables_own_event_deck_travels_in_the_options() -> None:
    """A saved game or a request carries the table's events in full: nothing is read from a file to play on."""
    deck = (Event("Haiku", "Short words.", max_length=3), Event("Epic", min_length=6))
    game = new_game(events=True, event_deck=deck)
    data = json.loads(snapshot(game))
    assert data["options"]["event_deck"][0] == deck[0].to_json()
    assert GameOptions.from_json(data["options"]).event_deck == deck
    assert sorted(e.name for e in game.state.events_deck) == ["Epic", "Haiku"]


@pytest.mark.parametrize(
    ("deck", "reason"),
    [
        ("events.json", "options.event_deck must be a JSON list of 1 to 100 events"),
        ([{"name": "A"}] * 2, "the event name 'A' is given twice"),
        ([{"name": "A", "max_length": "4"}], "max_length must be like 0"),
        ([{"name": f"E{i}"} for i in range(101)], "1 to 100 events"),
    ],
)
def test_a_bad_event_deck_in_the_options_is_refused(deck: object, reason: str) -> None:
    with pytest.raises(GameOptionsError, match=reason):
        GameOptions.from_json({"events": True, "event_deck": deck})


# -- open questions (design, not bugs to fix here) --------------------------------------------------------------


def test_a_card_that_must_be_wild_counts_as_a_wild(event_deck: Deck) -> None:
    """The ghost writer sees a card that must be played face-down as a wild and nothing else: it cannot be laid
    face-up at its own letter, so it counts against an event's wild cards (and for Mystery N)."""
    game = with_event(event_deck, "Tidy")  # at most 0 wild cards
    seat(game, hand=["T", "A"], must_wild=["E"])
    refused(game, spell_action("tea", "T", "starter:Ω0{- | -}", "A"), 'shows Ω face-up, not E; play it face-down')
    refused(game, spell_action("tea", "T", "starter:Ω0{- | -}*", "A"), "event Tidy: at most 0 wild cards")
    assert "starter:E0{- | -}" not in [c.code for c in game.turn_state().hand]


def test_a_disfigured_letter_is_not_an_inked_card_for_bga_horror_h() -> None:
    game = Game.new(GameOptions(rules=Rules.BGA, powers=Powers.AGGRESSIVE), 1, LEX, powers=["rap", "rap"])
    p = seat(game, hand=["horror:H7", "horror:A3", "T"], disfigured=["starter:T0{- | -}"])
    spell(game, "hat", "horror:H7", "horror:A3", "starter:T0{- | -}@inked")
    assert p.prestige == 2 + 2  # H7 2p (Horror active, but no inked card), A3 2p (either)
