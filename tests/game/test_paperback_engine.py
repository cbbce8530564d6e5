"""Paperback's engine, a test per rule quoting the rulebook's line, and its save, load and replay round trips."""

from __future__ import annotations

import copy
import json
import time

import pytest
from paperback_helpers import lay, set_hand

from solver.game.hardback.actions import IllegalActionError
from solver.game.paperback import (
    Buy,
    End,
    PaperbackGame,
    PaperbackOptions,
    Pass,
    Piece,
    Spell,
    Step,
    action_from_json,
)
from solver.game.paperback.actions import Action
from solver.game.paperback.engine import BUY, OVER, WORD
from solver.game.saving import GameStateError
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck

DECK = house_deck()


def new(enable: Lexicon, players: int = 2, seed: int = 7, **flags: bool) -> PaperbackGame:
    return PaperbackGame.new(DECK, PaperbackOptions(players, **flags), seed, enable)


def test_starting_deck(enable: Lexicon) -> None:
    """ "Give each player their starting cards for their deck - these are the 1¢ T,R,S,L and N cards and five of the
    2¢ Fame cards." and "Everyone draws their first hand of 5 cards." """
    st = new(enable, players=3).state
    for p in st.players:
        cards = sorted(st.card(i).code for i in p.owned())
        assert cards == sorted(["T/1$1", "R/1$1", "S/1$1", "L/1$1", "N/1$1"] + ["?/0$2"] * 5)
        assert len(p.hand) == 5 and len(p.draw) == 5


def test_the_offer(enable: Lexicon) -> None:
    """ "Then take the top card off each pile and place it below the pile ... Note: the 2¢ pile doesn't get a 2nd
    card." and "The 8¢, 9¢, and 10¢ cards go into the same pile." """
    st = new(enable).state
    assert st.row[0] is None and all(r is not None for r in st.row[1:])
    for i, pile in enumerate(st.offer):
        costs = {st.box[c].cost for c in pile}
        assert costs <= ({8, 9, 10} if i == 6 else {i + 2})


@pytest.mark.parametrize(
    ("players", "counts"), [(2, [4, 4, 2, 1]), (3, [6, 6, 3, 2]), (4, [8, 8, 4, 2]), (5, [10, 10, 5, 3])]
)
def test_fame_piles_by_player_count(enable: Lexicon, players: int, counts: list[int]) -> None:
    """ "The number of cards in each pile depends on the number of players in the game" """
    st = new(enable, players=players).state
    assert [len(p) for p in st.fame] == counts


def test_length_track(enable: Lexicon) -> None:
    """ "Shuffle the Common cards (E, I, O...) and deal 4 of them into a face-up pile near the Offer, on top of the
    Length T track card." """
    st = new(enable).state
    assert len(st.track) == 4 and len(st.unused) == 2 and st.threshold == 7


def test_common_card_used_once(enable: Lexicon) -> None:
    """ "The Common Card can only be used once per player's turn." """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["T/1$1", "wild"])
    top = st.common
    assert top is not None
    before = json.dumps(st.to_json())
    twice = Spell(top.letters * 2 + "t", (Piece(common=True), Piece(common=True), Piece(card=0)))
    with pytest.raises(IllegalActionError, match="only be used once a turn"):
        game.apply(twice)
    assert json.dumps(st.to_json()) == before  # a refused action leaves the game as it was


def test_gaining_the_common_card(enable: Lexicon) -> None:
    """ "If the word is equal to or longer than the highest number showing on the Length Track, you gain the Common
    Card: put it into your discard pile. This reveals the next Common Card" """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["L/1$1", "T/1$1", "R/1$1", "S/1$1", "wild", "wild", "wild"])
    top = st.track[0]
    game.apply(Spell("letters", lay(st, "letters")))
    assert top in st.players[0].discard and st.track[0] != top and st.threshold == 8
    assert st.coins == 4  # L T R S, the wilds score nothing


def test_a_short_word_does_not_gain_it(enable: Lexicon) -> None:
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["L/1$1", "T/1$1", "wild", "wild"])
    game.apply(Spell("lets", lay(st, "lets")))
    assert len(st.track) == 4


def test_word_must_be_in_the_dictionary(enable: Lexicon) -> None:
    """ "Form a word using any number of cards from your hand." (a word of the dictionary)"""
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["T/1$1", "R/1$1", "wild"])
    with pytest.raises(IllegalActionError, match="not in the dictionary"):
        game.apply(Spell("trx", lay(st, "trx")))
    assert st.phase == WORD


def test_score_is_the_buying_power(enable: Lexicon) -> None:
    """ "The total cost of the cards you buy must not exceed your word's score." """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["T/1$1", "R/1$1", "wild"])
    game.apply(Spell("tar", lay(st, "tar")))
    assert st.coins == 2 and st.phase == BUY
    dear = [i for i in range(1, 7) if st.showing(i, "row") is not None]
    with pytest.raises(IllegalActionError, match="2¢ left"):
        game.apply(Buy("offer", dear[0], "row"))
    game.apply(Buy("offer", 0, "top"))  # a 2¢ vowel
    assert st.coins == 0
    bought = st.players[0].discard[-1]
    assert st.box[bought].cost == 2


def test_buying_from_the_row_refills_it(enable: Lexicon) -> None:
    """ "If you bought a card from the bottom row, replace it with the top card of the corresponding pile" """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["E/4$8:cards+2", "T/1$1", "wild"])
    game.apply(Spell("tea", lay(st, "tea")))
    row, top = st.row[1], st.offer[1][-1]
    game.apply(Buy("offer", 1, "row"))
    assert st.row[1] == top and row in st.players[0].discard


def test_abilities_of_unused_cards_are_not_activated(enable: Lexicon) -> None:
    """ "The abilities on unused cards (in your hand) are not activated." """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["T/1$1", "wild", "F/3$6:+1", "E/4$8:cards+2"])
    game.apply(Spell("ta", lay(st, "ta")))
    assert st.coins == 1 and st.players[0].extra == 0


def test_double_word_after_the_other_bonuses(enable: Lexicon) -> None:
    """ "You can resolve card abilities in any order you want. For example, apply "Double Word Score" after other score
    bonuses." """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["R/3$8:double-word", "F/3$6:+1", "wild"])
    game.apply(Spell("fir", lay(st, "fir")))
    assert st.coins == (3 + 3 + 1) * 2


def test_two_letter_cards(enable: Lexicon) -> None:
    """ "Both letters must be used together when making words and their order cannot be reversed. These cards count
    as two letters toward your word length." """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["TH/2$4", "wild", "wild", "wild", "wild", "wild"])
    with pytest.raises(IllegalActionError, match="needs a Dyslexic"):
        game.apply(Spell("ht", (Piece(card=0, reversed=True),)))
    game.apply(Spell("thereby", lay(st, "thereby")))  # TH + 5 wilds: 7 letters
    assert game.last_move is not None and game.last_move.length == 7 and game.last_move.gains_common


def test_trashing_from_the_offer_refills_the_row(enable: Lexicon) -> None:
    """ "Note: if a card from the bottom row of the Offer is trashed, it is immediately replaced by the top card of the
    pile above it." and "Trashing happens before new cards are bought." """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["B/3$6:trash-offer:2", "wild", "wild"])
    row, top = st.row[3], st.offer[3][-1]
    game.apply(Spell("bat", lay(st, "bat"), (Step("offer", pile=3, slot="row"),)))
    assert row in st.trash and st.row[3] == top


def test_trash_offer_is_limited_by_its_number(enable: Lexicon) -> None:
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["B/3$6:trash-offer:2", "wild", "wild"])
    steps = tuple(Step("offer", pile=p) for p in (1, 2, 3))
    with pytest.raises(IllegalActionError, match="allow 2 cards"):
        game.apply(Spell("bat", lay(st, "bat"), steps))
    assert not st.trash


def test_trash_hand_takes_a_card_left_in_hand(enable: Lexicon) -> None:
    """ "Some abilities refer to cards “in hand” or “from hand”. These refer to the cards that you didn't use in your
    word." """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["O/3$6:trash-hand", "N/1$1", "L/1$1"])
    with pytest.raises(IllegalActionError, match="not a card left in hand"):
        game.apply(Spell("on", lay(st, "on"), (Step("hand", card=1),)))
    left = st.players[0].hand[2]
    game.apply(Spell("on", lay(st, "on"), (Step("hand", card=2),)))
    assert left in st.trash and left not in st.players[0].owned()


def test_extra_cards_next_hand(enable: Lexicon) -> None:
    """ "Draw 5 cards, plus any additional cards granted by abilities this turn." """
    game = new(enable)
    st = game.state
    set_hand(st, 0, ["E/4$8:cards+2", "T/1$1"])
    game.apply(Spell("et", lay(st, "et")))
    game.apply(End())
    assert len(st.players[0].hand) == 7 and st.current == 1


def test_shuffle_only_when_the_deck_is_empty(enable: Lexicon) -> None:
    """ "Remember, you only shuffle when you must draw a card and there are none left in your deck!" """
    game = new(enable)
    st = game.state
    p = st.players[0]
    game.apply(Pass())
    assert len(p.discard) == 5 and len(p.hand) == 5 and not p.draw  # drawn from the 5 left, the discard untouched
    game.apply(Pass())  # seat 1
    game.apply(Pass())  # seat 0 discards its hand, must draw from an empty deck: the discard pile is shuffled
    assert len(p.hand) == 5 and len(p.draw) == 5 and not p.discard


def test_two_empty_fame_piles_end_the_game(enable: Lexicon) -> None:
    """ "If two or more Fame piles are empty after your purchases, the game ends immediately" """
    game = new(enable)
    st = game.state
    st.players[1].discard += st.fame[3]  # the 17¢ pile bought out by seat 1
    st.fame[3] = []
    set_hand(st, 0, ["R/3$8:double-word", "S/3$8:double-word", "E/4$8:cards+2", "wild"])
    st.players[1].discard += st.fame[2][:-1]
    del st.fame[2][:-1]
    game.apply(Spell("seer", lay(st, "seer")))
    game.apply(Buy("fame", 2))
    game.apply(End())
    assert st.phase == OVER and not st.players[0].hand  # ends at once: no hand is drawn
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(Pass())


def test_last_common_card_ends_the_game_at_the_end_of_the_turn(enable: Lexicon) -> None:
    """ "When someone gains the last Common Card, the game will end at the end of that player’s turn." """
    game = new(enable)
    st = game.state
    st.unused += st.track[1:]
    del st.track[1:]
    assert st.threshold == 10
    set_hand(st, 0, ["wild"] * 10)
    game.apply(Spell("abominable", lay(st, "abominable")))
    assert st.phase == BUY and not st.track and st.ending
    game.apply(End())
    assert st.phase == OVER


def test_fame_over_the_whole_deck_and_ties_to_common_cards(enable: Lexicon) -> None:
    """ "add up the Fame points on cards in your deck (include all cards in your hand, deck, and discard pile) ... Ties
    are broken by the player with the most Common Cards." """
    game = new(enable)
    st = game.state
    assert game.scores() == [5, 5]  # the five 1-Fame wild starters each
    assert game.winner() is None
    st.players[1].draw.append(st.unused.pop())  # a Common card (1 Fame) for seat 1
    st.players[0].discard.append(st.offer[0].pop())  # a vowel (no Fame) for seat 0
    assert game.scores() == [5, 6] and game.winner() == 1
    st.players[0].hand.append(st.unused.pop())
    st.players[0].hand.append(st.track.pop())
    st.players[1].draw.append(st.fame[0].pop())  # 4 Fame
    assert game.scores() == [7, 10]
    st.players[0].hand.append(st.track.pop())
    st.players[0].hand.append(st.track.pop())
    st.players[0].hand.append(st.track.pop())
    assert game.scores() == [10, 10] and game.winner() == 0  # 5 Common cards against 1


def test_spacebar(enable: Lexicon) -> None:
    """ "If Spacebar is the Common Card, you may use or play it to create two words with your hand. Score +1¢ when
    used." """
    game = new(enable, spacebar=True)
    st = game.state
    bar = next(i for i in [*st.track, *st.unused] if st.card(i).special == "spacebar")
    (st.track if bar in st.track else st.unused).remove(bar)
    st.track.insert(0, bar)
    st.unused.append(st.track.pop())
    set_hand(st, 0, ["T/1$1", "wild", "wild", "N/1$1"])
    layout = (
        Piece(card=0),
        Piece(card=1, as_letter="o"),
        Piece(space=True),
        Piece(card=2, as_letter="o"),
        Piece(card=3),
    )
    game.apply(Spell("to on", layout))
    assert st.coins == 1 + 1 + 1


def test_dyslexic(enable: Lexicon) -> None:
    """ "If this is the Common Card, you may play it to reverse the letters in a Two-Letter Card. If you do so, score
    +1¢." """
    game = new(enable, dyslexic=True)
    st = game.state
    dys = next(i for i in [*st.track, *st.unused] if st.card(i).special == "dyslexic")
    (st.track if dys in st.track else st.unused).remove(dys)
    st.track.insert(0, dys)
    st.unused.append(st.track.pop())
    set_hand(st, 0, ["ON/2$5", "wild"])
    game.apply(Spell("nor", (Piece(card=0, reversed=True), Piece(card=1, as_letter="r"))))
    assert st.coins == 2 + 1


def test_pass_ends_the_turn(enable: Lexicon) -> None:
    game = new(enable)
    game.apply(Pass())
    assert game.state.current == 1 and game.state.phase == WORD


def test_actions_round_trip_through_json() -> None:
    actions: list[Action] = [
        Spell(
            "to on",
            (
                Piece(card=0),
                Piece(card=1, as_letter="o"),
                Piece(space=True),
                Piece(common=True),
                Piece(card=2, reversed=True),
            ),
            (Step("hand", card=3), Step("offer", pile=4, slot="row")),
        ),
        Pass(),
        Buy("offer", 3, "row"),
        Buy("fame", 2),
        End(),
    ]
    for a in actions:
        assert action_from_json(json.loads(json.dumps(a.to_json()))) == a


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "fly"}, "unknown action"),
        ({"action": "buy", "pile": "bank", "index": 0}, '"pile" is "offer" or "fame"'),
        ({"action": "buy", "pile": "offer", "index": 1, "slot": "side"}, '"top"'),
        ({"action": "spell", "word": "at", "layout": [{"card": -1}]}, r"layout\[0\].card"),
        ({"action": "spell", "word": "at", "layout": [{"card": 0, "as": "ab"}]}, "one letter"),
    ],
)
def test_bad_actions_are_named(data: object, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        action_from_json(data)


def play_some(game: PaperbackGame, turns: int) -> None:
    from solver.bots.paperback import make_bot

    bots = [make_bot(n, game.lexicon, i) for i, n in enumerate(("greedy", "hard"))]
    for _ in range(turns):
        if game.state.phase == OVER:
            break
        bots[game.state.current].play_turn(game)


def test_save_load_and_replay_round_trip(enable: Lexicon) -> None:
    game = new(enable, seed=11)
    play_some(game, 9)
    saved = json.loads(json.dumps(game.to_json()))
    loaded = PaperbackGame.load(saved, enable)
    assert loaded.to_json() == saved
    again = PaperbackGame.replay(DECK, game.state.options, 11, loaded.log, enable)
    assert again.to_json() == saved
    # the random generator travels too: both go on the same way
    play_some(game, 6)
    play_some(loaded, 6)
    assert loaded.to_json() == game.to_json()


def test_a_forged_state_is_refused_naming_what_is_wrong(enable: Lexicon) -> None:
    saved = new(enable).to_json()
    dup = copy.deepcopy(saved)
    dup["players"][0]["hand"].append(dup["players"][1]["hand"][0])
    with pytest.raises(GameStateError, match="in 2 places"):
        PaperbackGame.load(dup, enable)
    moved = copy.deepcopy(saved)
    moved["offer"][1].append(moved["fame"][0].pop())
    with pytest.raises(GameStateError, match="fame card cannot be there"):
        PaperbackGame.load(moved, enable)
    bad = copy.deepcopy(saved)
    bad["log"] = [{"action": "fly"}]
    with pytest.raises(GameStateError, match=r"log\[0\]"):
        PaperbackGame.load(bad, enable)


def test_replay_names_an_action_the_rules_refuse(enable: Lexicon) -> None:
    with pytest.raises(IllegalActionError, match=r"log\[0\]: the engine refuses"):
        PaperbackGame.replay(DECK, PaperbackOptions(), 1, [End()], enable)


def test_a_bot_without_reruns_plays_the_best_it_found_within_its_limit(enable: Lexicon) -> None:
    # the service's bots (``rerun`` off): a search its limit cuts short plays the best move found, and the turn
    # ends near the limit, never a search without one (a tournament's bots rerun to the exact move instead)
    from solver.bots.paperback import make_bot

    game = new(enable, seed=3)
    me = game.state.players[game.state.current]
    me.hand, me.draw = me.hand + me.draw, []  # all ten starters in hand: 5 wilds and T R S L N
    bot = make_bot("greedy", enable, 0, time_limit=0.001, rerun=False)
    started = time.monotonic()
    bot.play_turn(game)
    assert time.monotonic() - started < 1.0
    assert bot.cut == 1 and bot.proven == 0
    game.state.check()
