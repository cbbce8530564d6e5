"""Paperback's expansions (Attack cards, Player Powers, Award and Theme cards): a test per rule quoting the rulebook's
line, the readings where it is silent, the ghost writer's hints under the attacks in play, forged states refused,
save/load/replay round trips and invariants over random games with all four on."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from paperback_helpers import lay, set_hand, take

from solver.bots.paperback import make_bot, spell_of, turn_state
from solver.game.hardback.actions import IllegalActionError
from solver.game.paperback import (
    Buy,
    End,
    PaperbackGame,
    PaperbackOptions,
    PaperbackState,
    Pass,
    Piece,
    Spell,
    Step,
    expansions,
    validate,
)
from solver.game.paperback.actions import Action
from solver.game.paperback.engine import OVER, WORD
from solver.game.saving import GameStateError
from solver.lexicon import Lexicon
from solver.paperback.deck import deck_from_json, house_deck
from solver.paperback.expansions import Attack, Power
from solver.search.paperback import PaperbackSearch

DECK = house_deck()
ALL = {"attacks": True, "powers": True, "award": True, "theme": True}


def new(enable: Lexicon, seed: int = 7, players: int = 2, **flags: bool) -> PaperbackGame:
    return PaperbackGame.new(DECK, PaperbackOptions(players, **flags), seed, enable)


def with_power(st: PaperbackState, seat: int, text: str) -> None:
    """The seat holds this power (swapped with whoever holds it)."""
    assert st.extras is not None
    k = [str(p) for p in DECK.powers].index(text)
    if k in st.extras.powers:
        other = st.extras.powers.index(k)
        st.extras.powers[other] = st.extras.powers[seat]
    st.extras.powers[seat] = k


def attack_card(st: PaperbackState, attack: str) -> int:
    """An Attack card of the box with exactly this attack."""
    return next(i for i, b in enumerate(st.box) if [str(a) for a in b.attack] == [attack])


def in_play(st: PaperbackState, seat: int, attack: str) -> int:
    """An Attack card with this attack put in play by the seat (taken from wherever it is)."""
    assert st.extras is not None
    card = attack_card(st, attack)
    take(st, lambda i: i == card, [])
    if card in st.row:
        st.row[st.row.index(card)] = None
    st.extras.in_play[seat].append(card)
    return card


def unchanged(game: PaperbackGame, action: Action) -> str:
    before = json.dumps(game.state.to_json())
    with pytest.raises(IllegalActionError) as e:
        game.apply(action)
    assert json.dumps(game.state.to_json()) == before
    return str(e.value)


# -- attacks -------------------------------------------------------------------------------------------------------


def test_attack_cards_are_added_to_the_offer_piles_only_with_the_option(enable: Lexicon) -> None:
    """ "If this is your first game, remove the Attack cards" and "add the Attack cards to the Offer piles when
    setting up the game" """
    plain = new(enable).state
    assert not any(b.attack for b in plain.box) and plain.extras is None
    st = new(enable, attacks=True).state
    attacks = [i for i, b in enumerate(st.box) if b.attack]
    assert len(attacks) == 11  # the box's count
    placed = {i for pile in st.offer for i in pile} | {i for i in st.row if i is not None}
    assert set(attacks) <= placed
    for p, pile in enumerate(st.offer):
        row = st.row[p]
        for i in [*pile, *([row] if row is not None else [])]:
            assert min(st.box[i].cost, 8) - 2 == p  # by price
    # a game without attacks deals as before: the same ids, the same cards
    assert new(enable).state.to_json()["offer"] == plain.to_json()["offer"]


def _spell_with_attack(enable: Lexicon, game: PaperbackGame, attack: str, word: str, letters: list[str]) -> int:
    """Seat 0 spells the word with these cards and the Attack card (its letter in the word)."""
    st = game.state
    card = attack_card(st, attack)
    set_hand(st, 0, letters)
    take(st, lambda i: i == card, [])
    if card in st.row:
        st.row[st.row.index(card)] = st.offer[st.row.index(card)].pop()
    st.players[0].hand.append(card)
    st.check()
    game.apply(Spell(word, lay(st, word)))
    assert card in st.word
    return card


def test_attack_cards_stay_in_play_until_the_attackers_next_turn(enable: Lexicon) -> None:
    """ "When you use Attack cards in a word, they stay in play until your next turn." and, at the end of a turn,
    "If you played any attack cards in your word, leave them on the table face up"; the turn summary: "Discard any
    Attack cards you played during your previous turn" """
    game = new(enable, attacks=True)
    st = game.state
    card = _spell_with_attack(enable, game, "others:min-length+1", "gat", ["A/1$2", "T/1$1"])
    game.apply(End())
    assert st.extras is not None and st.extras.in_play[0] == [card]
    assert card not in st.players[0].owned()
    st.check()  # the cards in play are a place: each card still in exactly one place
    game.apply(Pass())  # seat 1's turn: the attack still in play
    assert st.current == 0 and st.extras.in_play[0] == [] and card in st.players[0].discard


def test_a_min_length_attack_limits_the_others_and_reaches_the_hints(enable: Lexicon) -> None:
    """ "Attacks only affect other players while in play, limiting them in different ways." (``min-length+1``: the
    others' words need a letter more; the ghost writer's hints and bots search with it) """
    game = new(enable, attacks=True)
    st = game.state
    _spell_with_attack(enable, game, "others:min-length+1", "gat", ["A/1$2", "T/1$1"])
    game.apply(End())
    set_hand(st, 1, ["A/1$2", "T/1$1", "wild", "wild", "E/1$2"])
    assert expansions.min_length(st) == 3
    assert "shorter than the 3 letters" in unchanged(game, Spell("at", lay(st, "at", seat=1)))
    turn, _ = turn_state(st)
    assert turn.min_length == 3
    search = PaperbackSearch(enable, turn)
    hints = search.top(5)
    assert hints and all(len(m.word) >= 3 for m in hints)
    # exact: the best word of three letters or more, as the search without the attack ranks them
    free = PaperbackSearch(enable, turn_state_with(turn, min_length=2)).top(200)
    best = next(m for m in free if len(m.word) >= 3)
    assert (hints[0].score, hints[0].length) == (best.score, best.length)
    game.apply(spell_of(st, search, hints[0]))  # the hint is legal
    assert st.current == 1


def turn_state_with(turn: Any, **changes: Any) -> Any:
    import dataclasses

    return dataclasses.replace(turn, **changes)


def test_a_no_common_attack_takes_the_common_card_out_of_reach(enable: Lexicon) -> None:
    """ "Attacks only affect other players while in play" (``others:no-common``: they neither use nor gain it) """
    game = new(enable, attacks=True)
    st = game.state
    in_play(st, 1, "others:no-common")
    common = st.common
    assert common is not None
    set_hand(st, 0, ["T/1$1", "wild"])
    spell = Spell("a" + common.letters, (Piece(card=1, as_letter="a"), Piece(common=True)))
    assert "no Common card" in unchanged(game, spell)
    turn, _ = turn_state(st)
    assert turn.common is None and turn.threshold is None
    assert all(not m.uses_common and not m.gains_common for m in PaperbackSearch(enable, turn).top(5))


def test_score_attacks_and_powers_change_the_buying_power(enable: Lexicon) -> None:
    """ "The total cost of the cards you buy must not exceed your word's score" with ``others:score-1`` in play and a
    ``score+2`` power: the word buys 1¢ more than it scores """
    game = new(enable, attacks=True, powers=True)
    st = game.state
    with_power(st, 0, "score+2")
    in_play(st, 1, "others:score-1")
    set_hand(st, 0, ["T/1$1", "R/1$1", "wild"])
    game.apply(Spell("rat", lay(st, "rat")))
    assert game.last_move is not None and st.coins == game.last_move.score + 1


def test_a_buy_max_attack_limits_the_cards_bought(enable: Lexicon) -> None:
    """ "Attacks only affect other players while in play, limiting them in different ways." (``others:buy-max-1``) """
    game = new(enable, attacks=True)
    st = game.state
    in_play(st, 1, "others:buy-max-1")
    set_hand(st, 0, ["T/1$1", "R/1$1", "wild"])
    game.apply(Spell("rat", lay(st, "rat")))
    st.coins = 20
    game.apply(Buy("offer", 0, "top"))
    assert "at most 1 cards" in unchanged(game, Buy("offer", 1, "top"))


def test_a_draw_attack_shrinks_the_next_hand_and_a_shield_ignores_attacks(enable: Lexicon) -> None:
    """ "Attacks only affect other players while in play" (``others:draw-1``); the ``shield`` power: the others'
    attacks do not affect its owner """
    game = new(enable, attacks=True, powers=True)
    st = game.state
    with_power(st, 0, "draw+1")
    with_power(st, 1, "trash-hand")
    in_play(st, 1, "others:draw-1")
    game.apply(Pass())  # seat 0 passes under the attack: 5 + 1 (power) - 1 (attack)
    assert len(st.players[0].hand) == 5
    game.apply(Pass())
    with_power(st, 0, "shield")
    in_play(st, 1, "others:draw-1")
    assert expansions.attacks_on(st, 0) == []
    game.apply(Pass())
    assert len(st.players[0].hand) == 5  # shielded: no card fewer


# -- powers --------------------------------------------------------------------------------------------------------


def test_powers_are_dealt_one_to_each_player(enable: Lexicon) -> None:
    """ "deal one randomly face-up to each player during setup to give each player a unique power" """
    seen = set()
    for seed in range(12):
        st = new(enable, seed=seed, players=3, powers=True).state
        assert st.extras is not None and len(set(st.extras.powers)) == 3
        seen.add(tuple(st.extras.powers))
        for s, k in enumerate(st.extras.powers):
            assert len(st.players[s].hand) == 5 + (DECK.powers[k].amount if DECK.powers[k].kind == "draw" else 0)
    assert len(seen) > 3  # random, from the seed
    assert new(enable, seed=3, powers=True).state.to_json() == new(enable, seed=3, powers=True).state.to_json()


def test_a_trash_hand_power_is_used_once_a_turn(enable: Lexicon) -> None:
    """ "give each player a unique power to use during their turn" (``trash-hand``: one card left in hand) """
    game = new(enable, powers=True)
    st = game.state
    with_power(st, 0, "trash-hand")
    set_hand(st, 0, ["T/1$1", "R/1$1", "wild", "L/1$1", "N/1$1"])
    twice = Spell("rat", lay(st, "rat"), (Step("hand", card=3), Step("hand", card=4)))
    assert "1 trash-hand ability, all used" in unchanged(game, twice)
    trashed = st.players[0].hand[3]
    game.apply(Spell("rat", lay(st, "rat"), (Step("hand", card=3),)))
    assert trashed in st.trash


def test_a_fame_power_counts_at_the_end(enable: Lexicon) -> None:
    """ "give each player a unique power" (``fame+3``: 3 Fame at the end of the game) """
    game = new(enable, powers=True)
    st = game.state
    with_power(st, 1, "fame+3")
    fame = [st.fame_of(s) for s in range(2)]
    assert game.scores() == fame  # not before the end
    st.phase = OVER
    assert game.scores() == [fame[0], fame[1] + 3]


# -- the award and the theme ---------------------------------------------------------------------------------------


def _ended(game: PaperbackGame) -> None:
    game.state.phase = OVER


def test_the_award_is_given_at_the_end_by_its_condition(enable: Lexicon) -> None:
    """ "shuffle the Award cards and reveal one. This card is awarded at the end of the game based on the conditions
    listed on the card." (reading: tied players each get its Fame; nobody when the most is 0) """
    game = new(enable, award=True)
    st = game.state
    assert st.extras is not None
    st.extras.award = [str(a) for a in DECK.awards].index("most-words:4")
    st.players[0].words, st.players[1].words = 3, 2
    base = [st.fame_of(s) for s in range(2)]
    _ended(game)
    assert game.scores() == [base[0] + 4, base[1]]
    result = expansions.results(st)[0]
    assert result["seats"] == [0] and "most words" in result["why"]
    st.players[1].words = 3
    assert game.scores() == [base[0] + 4, base[1] + 4]
    st.extras.award = [str(a) for a in DECK.awards].index("most-trashed:4")
    assert game.scores() == base  # nobody trashed: nobody gets it


def test_the_theme_goes_to_a_fitting_word_and_is_taken_later(enable: Lexicon) -> None:
    """ "This card is given to the player who forms a word that fits the theme ... If another player forms a word
    fitting the Theme Card later in the game, they take the card from the previous player. At the end of the game,
    the player in possession of the Theme Card adds its value towards their Fame total." and "Theme cards are not
    added to your deck" (reading: the theme's word list stands for the vote) """
    game = new(enable, theme=True)
    st = game.state
    assert st.extras is not None
    st.extras.theme = [t.name for t in DECK.themes].index("Animals")
    set_hand(st, 0, ["T/1$1", "wild", "wild"])
    game.apply(Spell("rat", lay(st, "rat")))
    assert st.extras.holder == 0
    game.apply(End())
    set_hand(st, 1, ["T/1$1", "wild", "wild"])
    game.apply(Spell("tat", lay(st, "tat", seat=1)))  # not on the list: the card stays
    assert st.extras.holder == 0
    game.apply(End())
    game.apply(Pass())
    set_hand(st, 1, ["T/1$1", "wild", "wild"])
    game.apply(Spell("cat", lay(st, "cat", seat=1)))
    assert st.extras.holder == 1
    box_before = len(st.box)
    base = [st.fame_of(s) for s in range(2)]
    _ended(game)
    assert game.scores() == [base[0], base[1] + DECK.themes[st.extras.theme].fame]
    assert len(st.box) == box_before  # the Theme card is no card of a deck


# -- the state: options, save, load, forged states -----------------------------------------------------------------


def test_options_are_checked_and_saved_only_when_on() -> None:
    assert PaperbackOptions().to_json() == {"players": 2, "min_length": 2, "spacebar": False, "dyslexic": False}
    o = PaperbackOptions.from_json({"players": 3, **ALL})
    assert o.attacks and o.powers and o.award and o.theme and PaperbackOptions.from_json(o.to_json()) == o
    with pytest.raises(GameStateError) as e:
        PaperbackOptions.from_json({"attacks": "yes"})
    assert e.value.field == "options.attacks"


def test_a_deck_without_the_cards_an_option_asks_for_is_refused(enable: Lexicon) -> None:
    data = DECK.to_json()
    data["offer"] = [c for c in data["offer"] if "attack" not in c]
    del data["powers"]
    bare = deck_from_json(data)
    for option in ("attacks", "powers", "award", "theme"):
        if option in ("award", "theme"):
            d = copy.deepcopy(data)
            d.pop(option + "s", None)
            deck = deck_from_json(d)
        else:
            deck = bare
        with pytest.raises(IllegalActionError) as e:
            PaperbackGame.new(deck, PaperbackOptions(2, **{option: True}), 1, enable)
        assert e.value.field == option
    two = copy.deepcopy(DECK.to_json())
    two["powers"] = ["shield", "draw+1"]
    with pytest.raises(IllegalActionError, match="2 Player Powers, fewer than the 3 players"):
        PaperbackGame.new(deck_from_json(two), PaperbackOptions(3, powers=True), 1, enable)


def test_save_load_and_replay_round_trip_with_every_expansion(enable: Lexicon) -> None:
    game = new(enable, seed=5, **ALL)
    bots = [make_bot("random", enable, 1), make_bot("random", enable, 2)]
    while game.state.turns < 24 and game.state.phase != OVER:
        bots[game.state.current].play_turn(game)
    saved = json.loads(json.dumps(game.to_json()))
    assert "expansions" in saved
    loaded = PaperbackGame.load(saved, enable)
    assert loaded.state.to_json() == game.state.to_json()
    again = PaperbackGame.replay(DECK, game.state.options, 5, loaded.log, enable)
    assert again.state.to_json() == game.state.to_json()


def _forge(data: dict[str, Any], change: Any) -> str:
    forged = copy.deepcopy(data)
    change(forged)
    with pytest.raises(GameStateError) as e:
        PaperbackState.from_json(forged)
    return e.value.field


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["expansions"].update(holder=5), "game.expansions.holder"),
        (lambda d: d["expansions"].update(powers=[0, 0]), "game.expansions.powers"),
        (lambda d: d["expansions"].update(powers=[0, 9]), "game.expansions.powers[1]"),
        (lambda d: d["expansions"].update(award=-1), "game.expansions.award"),
        (lambda d: d["expansions"].update(theme="Animals"), "game.expansions.theme"),
        (lambda d: d["expansions"].update(sneaky=1), "game.expansions.sneaky"),
        (lambda d: d["expansions"].update(in_play=[[0], []]), "game.expansions.in_play[0]"),
        (lambda d: d["expansions"].update(bought=3), "game.expansions.bought"),
        (lambda d: d["expansions"].pop("longest"), "game.expansions.longest"),
        (lambda d: d.pop("expansions"), "game.expansions"),
        (lambda d: d["options"].pop("theme"), "game.expansions.theme"),
    ],
)
def test_a_forged_expansion_state_is_refused_naming_the_field(enable: Lexicon, change: Any, field: str) -> None:
    data = new(enable, **ALL).state.to_json()
    assert _forge(data, change) == field


def test_an_attack_card_in_play_twice_or_in_the_current_seat_is_refused(enable: Lexicon) -> None:
    game = new(enable, **ALL)
    st = game.state
    card = attack_card(st, "others:no-common")
    data = copy.deepcopy(st.to_json())
    data["expansions"]["in_play"][1] = [card]  # also still in the Offer
    with pytest.raises(GameStateError, match="2 places"):
        PaperbackState.from_json(data)
    in_play(st, 0, "others:no-common")
    with pytest.raises(GameStateError) as e:
        PaperbackState.from_json(st.to_json())
    assert e.value.field == "game.expansions.in_play[0]"


def test_the_vocabulary_round_trips() -> None:
    from solver.paperback.expansions import parse_attack, parse_power

    for a in ("others:draw-1", "others:min-length+2", "others:no-common", "others:score-3", "others:buy-max-1"):
        assert str(parse_attack(a)) == a
    for p in ("draw+1", "score+2", "trash-hand", "fame+3", "shield"):
        assert str(parse_power(p)) == p
    assert parse_attack("others:no-common") == Attack("no-common") and parse_power("shield") == Power("shield")


# -- invariants over random games with all four on ------------------------------------------------------------------


def _random_game(seed: int, enable: Lexicon, bots: tuple[str, ...] = ("random",)) -> PaperbackState:
    players = 2 + seed % 3
    game = PaperbackGame.new(DECK, PaperbackOptions(players, spacebar=seed % 2 == 0, **ALL), seed, enable)
    seats = [make_bot(bots[s % len(bots)], enable, seed * 10 + s) for s in range(players)]
    st = game.state
    while st.phase != OVER:
        assert st.turns < 3000
        seats[st.current].play_turn(game)
        st.check()
        expansions.check(st)
        assert validate.problems(st) == []
        assert st.extras is not None
        if st.phase == WORD:
            assert st.extras.in_play[st.current] == []
    assert st.extras is not None and not any(st.extras.in_play)  # back to their owners
    scores = game.scores()
    assert scores == [st.fame_of(s) + b for s, b in enumerate(expansions.bonus(st))]
    assert PaperbackGame.replay(DECK, st.options, seed, game.log, enable).state.to_json() == st.to_json()
    return st


def test_random_games_with_every_expansion_keep_every_card_in_one_place(enable: Lexicon) -> None:
    for seed in range(3):
        _random_game(seed, enable)


def test_the_bots_play_legally_under_every_expansion(enable: Lexicon) -> None:
    _random_game(1, enable, ("hard", "greedy"))


@pytest.mark.slow
def test_many_random_games_with_every_expansion(enable: Lexicon) -> None:
    for seed in range(3, 60):
        _random_game(seed, enable)
    for seed in range(8):
        _random_game(seed, enable, ("hard", "greedy", "random"))
