"""Paperback as a whole game, beside Hardback's engine: a deck file's box (``solver.paperback.deck``) dealt from a
seed, the actions (``actions``) applied by the rulebook (``engine``), saved, loaded and replayed from the log.

It shares with Hardback's engine what is truly shared: the random generator's saved form
(``solver.game.hardback.state``'s
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

A game's record (``record``: the saved game with its seats and word list) replays from its deck, options, seed and
log; its review (``solver.answers.review_paperback``) reads it as follows, where the rulebook says nothing: a word
is rated as it was played (as the engine scored its layout), ranked among the moves of the hand the bots search
(``view.turn_state``), tied moves sharing a rank; each seat's Fame after a turn counts that turn's purchases. A
record keeps its options (the optional rules and co-op below) and replays under them; a turn that discarded its hand
for a cube is reviewed as a pass (no word).

The optional rules and the cooperative mode (``PaperbackOptions``: ``cube_advice``, ``cube_discard``,
``cube_discount``, ``recycle_twos``, ``coop`` with ``coop_loss_cubes`` 5 or 4; all off by default; ``cubes`` and
``coop`` hold their rules), as the rulebook gives them:

- the box's "17 Wood Cubes", "a supply beside the Offer": the state keeps the supply, each seat's cubes and the cubes
  on cards, and no cube is ever made or lost (``check``);
- "If you use a word that someone suggested, the player who suggested the word receives a cube from the supply"
  (a spell's ``advice_from``: another seat of the game); "Players may cash in cubes at any time on their turn for
  +1¢ each. Cashed-in cubes are returned to the supply" (``cash``);
- "you may discard your entire hand (not forming a word), and gain a cube from supply" (``discard``);
- "When a card is purchased off the top of a pile in the Offer, the other card gets a cube as a discount token. For
  each token on top of a card, the card's price is reduced by 1¢ (to a minimum 0¢). Remove the tokens when the
  discounted card is purchased. Cubes are returned back to the supply.";
- "If the 2¢ pile runs out, take all the 2¢ cards in the Trash, shuffle them, and re-create the 2¢ pile" (shuffled
  by the game's seeded generator, so a replay deals it again);
- co-op: "buy all the Fame cards before you lose the game"; "You may only buy cards that are uncovered"; "During any
  turn in which you don't buy a Fame Card, you must put a cube on an uncovered Fame Card" (``place``); "If any card
  gets 5 cubes on it, then all players lose! For an extra challenge, have players lose if 4"; "try different Fame
  Card layouts" (a deck file's ``pyramid``).

Readings where the rulebook is silent, for them:

- an empty supply gives no cube (advice, a discard, a discount token): no cube is made;
- cubes are cashed in the buy phase, after the word (before it there is nothing to spend them on, and a pass or a
  discard buys nothing); cashing needs ``cube_advice`` or ``cube_discard`` (the two rules that give cubes to seats);
- a discount token goes on the pile's row card (the "other card" below its top); the 2¢ pile, which has no row card,
  gives none; a row card never moves back to the top, and a row card trashed from the Offer returns its tokens to
  the supply, as a bought one does (the top card that moves down to the row arrives without tokens);
- "the 2¢ cards in the Trash" are the 2¢ pile's own cards (not a trashed starting wild, a "2¢ Fame card"); the pile is
  re-created after the action that empties it (a card trashed from it by that action included);
- the pyramid (the rulebook's picture is not in our text): a deck's layout by player count, rows from the base, or by
  default one row a Fame pile, the cheapest at the base; a card is covered by each card of the row below whose span
  overlaps its own (rows centred over one width) until they are all bought (``coop``); in co-op ``buy fame K`` buys
  the uncovered card at position K (from the base, left to right), at its pile's cost; its cubes go back to the
  supply;
- the cube is placed by an action (``place``) before the turn ends (``end``, ``pass`` or ``discard`` are refused
  while it is due); a turn may place it and still buy Fame; the team loses the moment a card holds
  ``coop_loss_cubes`` cubes, and at the end of a turn whose due cube the empty supply cannot give (so a co-op game
  always ends); it wins at the end of the turn that buys the last Fame card;
- the competitive ends (two empty Fame piles, the last Common card) do not apply in co-op, and there is no winning
  seat (``winner`` None): the result is the team's (``result``: "won" or "lost"), with the turns taken.

The expansions (options ``attacks``, ``powers``, ``award``, ``theme``; ``expansions``, whose docstring quotes the
rulebook's lines): Attack cards in the Offer piles, in play from the attacker's word until its next turn starts,
limiting the other players; a Player Power dealt to each player; one Award card and one Theme card revealed, their
Fame added at the end. Readings where the rulebook is silent: the theme's word list (the deck file's) stands for the
table's vote, a Spacebar move fitting when either word does; a tied award goes to each tied player, to nobody when
the most is 0; the attacks of several cards add up (``buy-max``: the lowest); a ``draw`` attack shrinks the hand the
victim draws at the end of its turn; ``draw+N`` counts in the first hand; Attack cards in play at the end go back to
their owners; a ``trash-hand`` power is one more trash step, once a turn, with a word.

The optional rules, co-op and the expansions together (``PaperbackOptions.from_json`` reads and checks them all in
one place; every combination is allowed, readings where the rulebook is silent): a ``buy-max`` attack counts every
purchase (an Offer card, a Fame pile's card, a pyramid card; cashing cubes is not a purchase); the word's buying
power is the engine's (``expansions.coins``: powers and attacks) before cubes are cashed on top of it; in co-op the
attacks and powers apply as they do in a competitive game (a team's attacks hinder its own players), and the Award,
Theme and ``fame`` powers' Fame is added to the seats' Fame as ever, but the result is the team's; a game that a
placed cube loses at once ends as any game does, the Attack cards in play going back to their owners. A record
keeps every option and replays under them; its review reads each hand with the attacks then in force (a
``min-length`` attack's shortest word, a ``no-common`` attack's Common card: ``view.turn_state``).
"""

from solver.game.paperback.actions import Buy, Cash, Discard, End, Pass, Piece, Place, Spell, Step, action_from_json
from solver.game.paperback.engine import PaperbackGame, PaperbackOptions, PaperbackState, deal

__all__ = [
    "Buy",
    "Cash",
    "Discard",
    "End",
    "PaperbackGame",
    "PaperbackOptions",
    "PaperbackState",
    "Pass",
    "Piece",
    "Place",
    "Spell",
    "Step",
    "action_from_json",
    "deal",
]
