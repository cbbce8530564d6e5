"""The game engine against the rules (one small, exact situation a rule, built with hardback_situations): genres and
timeless classics, and the buy phase: purchases, ink and its conversion, flushes, the offer deck and row, adverts.
"""

from __future__ import annotations

from hardback_situations import DEAR, buying, cards, codes, finish, new_game, refused, row, seat, spell, spell_action

from solver.game.hardback.actions import Advert, Buy, Convert, End, Flush, InkBuy, Pass
from solver.game.hardback.rules import ADVERTS, can_flush
from solver.hardback.catalogue import Rules

# -- genres and timeless classics -------------------------------------------------------------------------------


def test_own_classics_in_play_activate_a_genre_and_pay_every_turn() -> None:
    game = new_game()
    p = seat(game, hand=["adventure:A7", "T"], in_play=["adventure:C5"])
    spell(game, "at", "adventure:A7", "T")
    # A7 3p + 2p (Adventure active with the classic); classic C5 2p + 1p; T 1c
    assert (p.prestige, game.state.turn.coins) == (5 + 3, 1)
    finish(game)
    assert codes(p.in_play) == ["adventure:C5"]  # it stays in play
    game.apply(Pass())
    seat(game, hand=["A", "T"])
    spell(game, "at", "A", "T")  # the next turn: the classic pays again, outside the word
    assert (p.prestige, game.state.turn.coins) == (8 + 2, 2)


def test_an_opponents_classic_gives_no_benefits_and_no_genre() -> None:
    game = new_game()
    p = seat(game, hand=["adventure:A7", "T"])
    seat(game, 1, in_play=["adventure:C5"])
    spell(game, "cat", "adventure:C5@other", "adventure:A7", "T")
    assert (p.prestige, game.state.turn.coins) == (3, 1)  # A7 alone: no genre
    assert not game.state.players[1].in_play  # on its way home


def test_a_classic_played_face_up_enters_play_and_a_wild_one_does_not() -> None:
    game = new_game()
    p = seat(game, hand=["adventure:C5", "A", "T"])
    spell(game, "cat", "adventure:C5", "A", "T")
    finish(game)
    assert codes(p.in_play) == ["adventure:C5"] and "adventure:C5" not in codes(p.discard)
    game = new_game()
    p = seat(game, hand=["adventure:C5", "A", "T"])
    spell(game, "cat", "adventure:C5*", "A", "T")
    finish(game)
    assert not p.in_play and "adventure:C5" in codes(p.discard + p.draw + p.hand)


def test_a_classic_used_by_an_opponent_goes_back_to_its_owners_discard() -> None:
    game = new_game()
    seat(game, hand=["A", "T"])
    owner = seat(game, 1, in_play=["adventure:C5"], discard=[])
    spell(game, "cat", "adventure:C5@other", "A", "T")
    finish(game)
    assert not owner.in_play and codes(owner.discard) == ["adventure:C5"]


def test_a_classic_cannot_be_played_wild() -> None:
    game = new_game()
    seat(game, hand=["A", "T"], in_play=["adventure:C5"])
    refused(game, spell_action("tat", "T", "A", "adventure:C5*"), "timeless classic in play")


def test_in_the_anthology_an_opponents_classic_stays_in_play() -> None:
    game = new_game(coop=True)
    seat(game, hand=["A", "T"])
    owner = seat(game, 1, in_play=["adventure:C5"], discard=[])
    row(game, "horror:A3", "horror:B6", "horror:C5", "horror:C8", "horror:D9", "horror:E8", "horror:F3")
    spell(game, "cat", "adventure:C5@other", "A", "T")
    finish(game)
    assert codes(owner.in_play) == ["adventure:C5"] and not owner.discard


# -- purchases --------------------------------------------------------------------------------------------------


def test_a_purchase_goes_to_the_discard_and_the_row_is_refilled_from_the_deck() -> None:
    game = new_game()
    st = game.state
    row(game, "adventure:B4", "horror:A3", "romance:U9", "mystery:X3", "horror:K2", "romance:E2", "adventure:G2")
    buying(game, 5)
    top = st.offer_deck[-1]
    p = st.player
    refused(game, {"action": "buy", "slot": 2}, "costs 9 coins; you have 5")
    game.apply(Buy(0))
    assert codes(p.discard)[-1] == "adventure:B4" and p.prestige == 3  # B4's purchase prestige
    assert st.offer_row[0] is top and len(st.offer_row) == 7 and st.turn.coins == 1
    assert (st.turn.bought, p.bought) == (1, 1)


def test_ink_costs_a_coin_and_three_ink_convert_to_a_coin() -> None:
    game = new_game()
    buying(game, 3)
    p = game.state.player
    refused(game, {"action": "ink_buy", "n": 4}, "4 ink costs 4 coins; you have 3")
    refused(game, {"action": "ink_buy", "n": 0}, "whole number from 1")
    game.apply(InkBuy(2))
    assert (p.ink, game.state.turn.coins) == (2, 1)
    refused(game, {"action": "convert", "n": 1}, "1 coin.* need 3 ink; you have 2")
    p.ink = 7
    game.apply(Convert(2))
    assert (p.ink, game.state.turn.coins) == (1, 3)


def test_coins_left_over_are_lost_in_print_and_become_ink_on_bga() -> None:
    for rules, ink in ((Rules.PRINTED, 0), (Rules.BGA, 2)):
        game = new_game(rules=rules)
        buying(game, 2)
        p = game.state.player
        game.apply(End())
        assert p.ink == ink


def test_a_flush_needs_four_dear_cards_or_four_of_a_genre() -> None:
    game = new_game()
    st = game.state
    row(game, *DEAR[:3], "adventure:G2", "horror:K2", "romance:E2", "mystery:U2")
    buying(game, 0)
    refused(game, {"action": "flush"}, "4 offer-row cards costing 6 coins or more, or 4 of one genre")
    row(game, *DEAR, "adventure:G2", "horror:K2", "romance:E2")
    old = list(st.offer_row)
    new = st.offer_deck[-7:][::-1]
    game.apply(Flush())
    assert st.offer_row == new and all(c in st.removed for c in old)
    assert st.turn.flushed and st.turn.row_changed
    refused(game, {"action": "flush"}, "once a turn, before buying")
    game2 = new_game()
    row(game2, "adventure:G2", "adventure:V2", "adventure:L2", "adventure:Y2", "horror:K2", "romance:E2", "mystery:U2")
    buying(game2, 0)
    game2.apply(Flush())  # four of one genre


def test_no_flush_after_buying() -> None:
    game = new_game()
    row(game, *DEAR, "adventure:G2", "horror:K2", "romance:E2")
    buying(game, 2)
    game.apply(Buy(4))
    assert can_flush(game.state.offer_row)
    refused(game, {"action": "flush"}, "before buying")


def test_an_empty_offer_deck_is_remade_from_the_removed_non_starters() -> None:
    game = new_game()
    st = game.state
    removed = cards(game, "A", "romance:U9", "E", "mystery:V9")
    st.removed = list(removed)
    st.offer_deck = []
    buying(game, 9)
    game.apply(Buy(0))
    assert st.offer_row[0] in removed[1::2] and len(st.offer_row) == 7
    assert len(st.offer_deck) == 1 and st.offer_deck[0] in removed[1::2]
    assert codes(st.removed) == ["A", "E"]  # starters stay out of the game


def test_the_row_shrinks_only_when_nothing_is_left_to_deal() -> None:
    game = new_game()
    st = game.state
    st.offer_deck, st.removed = [], cards(game, "A")
    buying(game, 9)
    game.apply(Buy(0))
    assert len(st.offer_row) == 6


def test_adverts_are_bought_in_order_once_each() -> None:
    game = new_game(adverts=True)
    st = game.state
    buying(game, 6 + 9 + 12 + 15 + 18)
    p = st.player
    for i, (cost, gain) in enumerate(ADVERTS):
        before, coins = p.prestige, st.turn.coins
        game.apply(Advert())
        assert (p.prestige, st.turn.coins, p.adverts) == (before + gain, coins - cost, i + 1)
    assert st.turn.coins == 0 and p.adverts == 5
    refused(game, {"action": "advert"}, "every advert is bought")
    game2 = new_game(adverts=True)
    buying(game2, 8)
    game2.apply(Advert())
    refused(game2, {"action": "advert"}, "the next advert costs 9 coins; you have 2")
    game3 = new_game()
    buying(game3, 8)
    refused(game3, {"action": "advert"}, "adverts are not in play")
