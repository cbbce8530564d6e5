"""Paperback's gain abilities (issue 29, part 3), each a row of the ability table (``gain:N``, ``trash-gain:N``), a
test per rule quoting the rulebook's line: the engine gains the card the spell's ``resolve`` names into the discard
pile, and refuses a gain its abilities do not allow, changing nothing."""

from __future__ import annotations

import pytest
from paperback_helpers import set_hand

from solver.cli.play.paperback import read_spell, spell_command
from solver.game.hardback.actions import IllegalActionError
from solver.game.paperback import PaperbackGame, PaperbackOptions, Piece, Spell, Step, action_from_json
from solver.lexicon import Lexicon
from solver.paperback.abilities import GAIN, TRASH_GAIN, Act, parse_ability
from solver.paperback.deck import house_deck

DECK = house_deck()
VAT = (Piece(card=0), Piece(card=1, as_letter="a"), Piece(card=3))  # V/4$7:trash-gain:1, a wild as a, T
SAW = (Piece(card=4), Piece(card=1, as_letter="a"), Piece(card=0))  # S, a wild as a, W/2$5:gain:3


def game_with(enable: Lexicon, hand: list[str]) -> PaperbackGame:
    game = PaperbackGame.new(DECK, PaperbackOptions(2), 7, enable)
    set_hand(game.state, 0, hand, starter_wilds=True)
    return game


def test_the_gain_abilities_are_rows_of_the_table() -> None:
    assert parse_ability("trash-gain:1").effect is TRASH_GAIN and TRASH_GAIN.act is Act.TRASH_GAIN
    assert parse_ability("gain:3").effect is GAIN and str(parse_ability("gain:3")) == "gain:3"
    invented = {str(a) for c in DECK.offer for a in c.card.abilities if a.effect in (GAIN, TRASH_GAIN)}
    assert invented == {"trash-gain:1", "trash-gain:2", "gain:3"} and DECK.invented  # the house deck's, invented


def test_the_rulebooks_example_trash_a_card_from_hand_gain_one_costing_1c_more(enable: Lexicon) -> None:
    """ "Resolving the abilities on the cards, he sees “If you trash a card from hand, gain a card costing 1¢ more”.
    He decides to trash his 2¢ Fame card and gains a 3¢ D from the supply." and "Gain: This means to acquire a card
    and to put it in your discard pile." """
    game = game_with(enable, ["V/4$7:trash-gain:1", "wild", "wild", "T/1$1", "S/1$1"])
    st = game.state
    p = st.players[0]
    wild, three = p.hand[2], st.showing(1, "top")  # a 2¢ starting wild left in hand; the 3¢ pile's top card
    assert three is not None and st.box[wild].cost == 2 and st.box[three].cost == 3
    spell = Spell("vat", VAT, (Step("hand-gain", card=2, pile=1, slot="top"),))
    assert action_from_json(spell.to_json()) == spell
    game.apply(spell)
    assert wild in st.trash and three in p.discard and three not in st.offer[1]
    st.check()


def test_a_gain_up_to_n_takes_a_card_of_the_offer(enable: Lexicon) -> None:
    """The family: "gain a card costing up to N¢" (gain:3) takes the card showing on a pile, top or row."""
    game = game_with(enable, ["W/2$5:gain:3", "wild", "T/1$1", "L/1$1", "S/1$1"])
    st = game.state
    row = st.showing(1, "row")
    assert row is not None and st.box[row].cost == 3
    game.apply(Spell("saw", SAW, (Step("gain", pile=1, slot="row"),)))
    assert row in st.players[0].discard and st.row[1] != row


@pytest.mark.parametrize(
    ("hand", "word", "layout", "step", "says"),
    [
        (["W/2$5:gain:3", "wild", "T/1$1", "L/1$1", "S/1$1"], "saw", SAW, Step("gain", pile=2), "4¢ card"),
        (["V/4$7:trash-gain:1", "wild", "wild", "T/1$1", "S/1$1"], "vat", VAT,
         Step("hand-gain", card=4, pile=1), "costs 2¢ more"),  # S costs 1¢: a 3¢ card is 2¢ more
        (["V/4$7:trash-gain:1", "wild", "wild", "T/1$1", "S/1$1"], "vat", VAT,
         Step("hand-gain", card=3, pile=1), "not a card left in hand"),  # T is in the word
        (["V/4$7:trash-gain:1", "wild", "wild", "T/1$1", "S/1$1"], "vat", VAT, Step("gain", pile=0), "no gain"),
    ],
)
def test_a_gain_the_word_does_not_allow_is_refused(
    enable: Lexicon, hand: list[str], word: str, layout: tuple[Piece, ...], step: Step, says: str
) -> None:
    game = game_with(enable, hand)
    before = game.state.to_json()
    with pytest.raises(IllegalActionError, match=says):
        game.apply(Spell(word, layout, (step,)))
    assert game.state.to_json() == before


def test_a_copy_may_take_a_gain(enable: Lexicon) -> None:
    """A copy takes a gain ability as any other (the player's choice): two cards gained."""
    game = game_with(enable, ["W/2$5:gain:3", "wild", "T/1$1", "G/3$7:copy", "S/1$1"])
    st = game.state
    swag = (Piece(card=4), Piece(card=0), Piece(card=1, as_letter="a"), Piece(card=3, copies=("gain:3",)))
    if "swag" not in enable:
        pytest.skip("swag is not in the dictionary")
    game.apply(Spell("swag", swag, (Step("gain", pile=0), Step("gain", pile=1))))
    assert len(st.players[0].discard) >= 2 and st.box[st.players[0].discard[-1]].cost == 3


def test_play_names_a_gain() -> None:
    spell = read_spell(["vat", "1", "2=a", "4", "/", "h3>2", "g1r", "o3", "h5"], 5)
    assert spell.resolve == (Step("hand-gain", card=2, pile=1), Step("gain", pile=0, slot="row"), Step("offer", pile=2),
                             Step("hand", card=4))
    assert spell_command(spell) == "spell vat 1 2=a 4 / h3>2 g1r o3 h5"
