"""What a ``copy`` ability copies is the player's choice (issue 29, part 2): named in the spell action ("copies" on a
piece, in the ability notation), in ``play``'s notation (``2[trash-hand]``) and through the HTTP API (the action's
JSON); the engine checks it, scores it and lets a copied trash or ``cards+N`` act. A spell that names none leaves
the copies to the engine, which takes the best for the score (the old JSON reads as before); the ghost writer's
spell names the copies its search chose."""

from __future__ import annotations

import pytest
from paperback_helpers import set_hand

from solver.cli.play.paperback import CommandError, read_spell, spell_command
from solver.game.hardback.actions import IllegalActionError
from solver.game.paperback import PaperbackGame, PaperbackOptions, Piece, Spell, Step, action_from_json
from solver.game.paperback.legal import spell_of
from solver.game.paperback.view import turn_state
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck
from solver.paperback.moves import PaperbackObjective
from solver.search.paperback import PaperbackSearch

DECK = house_deck()


def game_with(enable: Lexicon, hand: list[str]) -> PaperbackGame:
    game = PaperbackGame.new(DECK, PaperbackOptions(2), 7, enable)
    set_hand(game.state, 0, hand)
    return game


HAND = ["G/3$7:copy", "O/3$6:trash-hand", "T/2$5:+1", "S/1$1", "wild"]  # the house deck's (invented) cards
GOT = (Piece(card=0), Piece(card=1), Piece(card=2))
TWO_TRASHES = (Step("hand", card=3), Step("hand", card=4))


def test_a_copy_takes_what_the_player_names_and_a_copied_trash_acts(enable: Lexicon) -> None:
    """ "You can resolve card abilities in any order you want." G's copy takes O's trash-hand (the player's choice,
    not the +1 that scores more): two cards left in hand are trashed, and the word scores 3 + 3 + 2 + 1."""
    game = game_with(enable, HAND)
    spell = Spell("got", (Piece(card=0, copies=("trash-hand",)), *GOT[1:]), TWO_TRASHES)
    assert action_from_json(spell.to_json()) == spell and spell.to_json()["layout"][0]["copies"] == ["trash-hand"]
    trash = len(game.state.trash)
    game.apply(spell)
    assert len(game.state.trash) == trash + 2 and game.state.coins == 9


def test_a_spell_naming_no_copies_leaves_them_to_the_engine_and_old_json_reads(enable: Lexicon) -> None:
    """The JSON of before reads as before: the copy takes the best for the score (T's +1: 10), so it is no second
    trash-hand."""
    old = {"action": "spell", "word": "got", "layout": [{"card": 0}, {"card": 1}, {"card": 2}],
           "resolve": [{"trash": "hand", "card": 3}]}
    spell = action_from_json(old)
    assert isinstance(spell, Spell) and spell.to_json() == old
    game = game_with(enable, HAND)
    with pytest.raises(IllegalActionError, match="1 trash-hand ability, all used"):
        game_with(enable, HAND).apply(Spell("got", GOT, TWO_TRASHES))
    game.apply(spell)
    assert game.state.coins == 10


@pytest.mark.parametrize(
    ("copies", "says"),
    [(("double-word",), "printed on another card of the word"), (("trash-hand", "+1"), "copy abilities, not 2")],
)
def test_a_copy_of_what_the_word_does_not_hold_is_refused(enable: Lexicon, copies: tuple[str, ...], says: str) -> None:
    game = game_with(enable, HAND)
    before = game.state.to_json()
    with pytest.raises(IllegalActionError, match=says):
        game.apply(Spell("got", (Piece(card=0, copies=copies), *GOT[1:])))
    assert game.state.to_json() == before


def test_a_copy_named_on_a_card_without_one_is_refused(enable: Lexicon) -> None:
    with pytest.raises(IllegalActionError, match="has 0 copy abilities"):
        game_with(enable, HAND).apply(Spell("got", (GOT[0], Piece(card=1, copies=("+1",)), GOT[2])))


def test_a_copy_named_in_json_is_read_against_the_vocabulary() -> None:
    data = {"action": "spell", "word": "at", "layout": [{"card": 0, "copies": ["cards+1"]}, {"common": True,
            "copies": ["+2"]}]}
    spell = action_from_json(data)
    assert isinstance(spell, Spell) and spell.to_json() == data
    with pytest.raises(IllegalActionError, match="not in the vocabulary"):
        action_from_json({**data, "layout": [{"card": 0, "copies": ["fly"]}]})
    with pytest.raises(IllegalActionError, match="stand alone"):
        action_from_json({**data, "layout": [{"space": True, "copies": ["+2"]}]})


def test_play_names_a_copy_in_brackets() -> None:
    spell = read_spell(["rat", "1[trash-hand]", "2=a", "c[len>=7:+3][+2]", "/", "h4"], 5)
    assert spell.layout[0].copies == ("trash-hand",) and spell.layout[2].copies == ("len>=7:+3", "+2")
    assert spell_command(spell) == "spell rat 1[trash-hand] 2=a c[len>=7:+3][+2] / h4"
    assert read_spell(spell_command(spell).split()[1:], 5) == spell
    with pytest.raises(CommandError, match="vocabulary"):
        read_spell(["rat", "1[flying]", "2", "3"], 5)


def test_the_ghost_writers_spell_names_the_copies_its_search_chose(enable: Lexicon) -> None:
    """The hints search every copy choice (``rules.copy_choices``): the spell they give names the one chosen, and the
    engine scores it as the search did."""
    game = game_with(enable, HAND)
    turn, _ = turn_state(game.state)
    search = PaperbackSearch(enable, turn, PaperbackObjective.SCORE)
    move = search.solve("got")
    assert move is not None
    spell = spell_of(game.state, search, move)
    assert [a for p in spell.layout for a in p.copies] == [str(a) for _, a in move.copied] == ["+1"]
    assert [p.card for p in spell.layout] == [0, 1, 2]
    game.apply(spell)
    assert game.state.coins == move.score == 10
