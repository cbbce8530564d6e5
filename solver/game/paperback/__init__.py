"""Paperback as a whole game, beside Hardback's engine: a deck file's box (``solver.paperback.deck``) dealt from a
seed, the actions (``actions``) applied by the rulebook (``engine``), saved, loaded and replayed from the log.

It shares with Hardback's engine what is truly shared: the random generator's saved form (``solver.game.state``'s
``rng_to_json`` and ``read_rng``), the one refusal error (``IllegalActionError``) and the record of a finished game
(``GameRecord``, the tournament's unit).

The rules it follows, as the rulebook gives them:

- each player's starting deck: "the 1¢ T,R,S,L and N cards and five of the 2¢ Fame cards. These Fame cards act as
  wild letters"; hands of 5 ("Everyone draws their first hand of 5 cards");
- the Offer: the cards "sorted by price (2¢–10¢) ... The 8¢, 9¢, and 10¢ cards go into the same pile", seven piles
  shuffled, the top card of each placed below it ("the 2¢ pile doesn't get a 2nd card"), every face-up card for sale,
  a row card bought or trashed replaced by its pile's top card;
- the Fame piles by player count (the deck file's table, the rulebook's in the house deck);
- "4 of them [the Common cards] ... on top of the Length Track": the top Common card used "once by referring to it"
  (at most once a turn), counted in the word's length, gained into the discard pile by a word "equal to or longer
  than the highest number showing on the Length Track";
- a word of any cards of the hand, two-letter cards never split ("their order cannot be reversed", but by a
  Dyslexic), wilds for any letter, in the dictionary, at least ``min_length`` letters;
- abilities of the word's cards only ("The abilities on unused cards (in your hand) are not activated"), resolved
  in the order the player gives (``resolve``); trashing "happens before new cards are bought";
- the score is the buying power: "The total cost of the cards you buy must not exceed your word's score", unspent
  money lost; bought cards go to the discard pile;
- discard the word and the hand, draw 5 "plus any additional cards granted by abilities this turn", shuffling the
  discard pile only when a card must be drawn from an empty deck;
- the end: "If two or more Fame piles are empty after your purchases, the game ends immediately", or "at the end of
  a turn when someone gains the last Common Card"; Fame counted "on cards in your deck (include all cards in your
  hand, deck, and discard pile)"; "Ties are broken by the player with the most Common Cards".
- Spacebar and Dyslexic (options ``spacebar``, ``dyslexic``: shuffled in among the Common cards) as the ghost writer
  reads them: two words scored as one +1 with the space counting toward length; a two-letter card reversed, +1.

Readings where the rulebook is silent:

- seat 0 plays first (the rulebook's "most recently finished reading a novel");
- every choice that only changes the score (which neighbour a double-letter doubles, which ability a ``copy``
  takes) is made for the highest score: the score is only buying power, so more is never worse (ties: more cards
  next hand);
- ``trash-hand`` trashes one card left in hand (not in the word); ``trash-offer:N`` trashes the card showing on the
  top of up to N different piles, or a pile's row card (the rulebook's note on trashing "from the bottom row");
- the Fame piles' emptiness is checked when the player ends the turn (its purchases are over), so a player may go on
  buying after emptying a second pile in the same turn; the cards bought count;
- a pass (no word) ends the turn at once: no score, nothing bought, the hand discarded, a new hand drawn;
- the 2¢ vowels are ordinary cards (the report that they leave the game once used is not the rulebook's);
- a gained Spacebar in hand does nothing (the rulebook gives it a use only as the Common card), a gained Dyslexic in
  hand reverses one two-letter card of a word and is then part of that word;
- with seats still tied on Fame and Common cards, the game is a shared win (``winner`` None);
- a bought Fame card is the top card of its pile (the piles' cards are alike).

The expansions (options ``attacks``, ``powers``, ``award``, ``theme``; ``expansions``, whose docstring quotes the
rulebook's lines): Attack cards in the Offer piles, in play from the attacker's word until its next turn starts,
limiting the other players; a Player Power dealt to each player; one Award card and one Theme card revealed, their
Fame added at the end. Readings where the rulebook is silent: the theme's word list (the deck file's) stands for the
table's vote, a Spacebar move fitting when either word does; a tied award goes to each tied player, to nobody when
the most is 0; the attacks of several cards add up (``buy-max``: the lowest); a ``draw`` attack shrinks the hand the
victim draws at the end of its turn; ``draw+N`` counts in the first hand; Attack cards in play at the end go back to
their owners; a ``trash-hand`` power is one more trash step, once a turn, with a word.

Not built yet: the optional cube rules, the cooperative pyramid.
"""

from solver.game.paperback.actions import Buy, End, Pass, Piece, Spell, Step, action_from_json
from solver.game.paperback.engine import PaperbackGame, PaperbackOptions, PaperbackState, deal

__all__ = [
    "Buy",
    "End",
    "PaperbackGame",
    "PaperbackOptions",
    "PaperbackState",
    "Pass",
    "Piece",
    "Spell",
    "Step",
    "action_from_json",
    "deal",
]
