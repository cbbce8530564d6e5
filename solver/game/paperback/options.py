"""A Paperback table's choices (``PaperbackOptions``): the players, the shortest word, the Spacebar and Dyslexic
Common cards, the optional rules and co-op (``RULES``), the expansions (``EXPANSIONS``); read and checked in one
place (``from_json``), saved only when on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.game.paperback.coop import LOSS_CUBES
from solver.game.saving import GameStateError

RULES = ("cube_advice", "cube_discard", "cube_discount", "recycle_twos", "coop")  # the optional rules, off by default


@dataclass(frozen=True)
class PaperbackOptions:
    """A table's choices: the players, the shortest word, and the Spacebar and Dyslexic Common cards shuffled in;
    the optional cube rules and the cooperative mode (``RULES``, ``coop_loss_cubes``: 5, or 4); the expansions
    (``EXPANSIONS``, ``expansions``): Attack cards, Player Powers, an Award card, a Theme card. Every one is off by
    default and saved only when on; ``from_json`` reads and checks them all (the service, the record and the
    faces' flags go through it)."""

    players: int = 2
    min_length: int = 2
    spacebar: bool = False
    dyslexic: bool = False
    cube_advice: bool = False
    cube_discard: bool = False
    cube_discount: bool = False
    recycle_twos: bool = False
    coop: bool = False
    coop_loss_cubes: int = 5
    attacks: bool = False
    powers: bool = False
    award: bool = False
    theme: bool = False
    # the readings (``READINGS``): each on reads a line of the rulebook otherwise than its letter, the default
    twos_pile_only: bool = False  # recycle only the 2¢ pile's own cards (not trashed 2¢ starting wilds)
    cash_buy_only: bool = False  # cubes cashed in the buy phase only (not "at any time on their turn")
    double_words_additive: bool = False  # each double-word ability one more to the word factor (three x4, not x3)
    # the modes of play (``simultaneous``, ``MODES``): "Game Mode: Simultaneous play", and the advice rule's timer
    simultaneous: bool = False
    turn_timer: int = 0  # seconds a seat has for its word before it reveals its hand for a bounty (0: no timer)

    @property
    def cubes(self) -> bool:
        """Whether the table uses the supply of cubes (any cube rule, or co-op)."""
        return self.cube_advice or self.cube_discard or self.cube_discount or self.coop

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": self.players,
            "min_length": self.min_length,
            "spacebar": self.spacebar,
            "dyslexic": self.dyslexic,
        }
        out.update({r: True for r in RULES if getattr(self, r)})  # a table without them saves as before
        if self.coop:
            out["coop_loss_cubes"] = self.coop_loss_cubes
        out.update({k: True for k in (*EXPANSIONS, *READINGS) if getattr(self, k)})  # saved only when on
        if self.simultaneous:
            out["simultaneous"] = True
        if self.turn_timer:
            out["turn_timer"] = self.turn_timer
        return out

    @staticmethod
    def from_json(data: object) -> PaperbackOptions:
        if not isinstance(data, dict):
            raise GameStateError("options must be an object (players, min_length, spacebar, dyslexic)", "options")
        known = {"players", "min_length", "spacebar", "dyslexic", *RULES, "coop_loss_cubes", *EXPANSIONS, *READINGS}
        known |= set(MODES)
        unknown = sorted(set(data) - known)
        if unknown:
            raise GameStateError(f"options: unknown field {unknown[0]!r}", f"options.{unknown[0]}")
        players = data.get("players", 2)
        min_length = data.get("min_length", 2)
        for name, v, hi in (("players", players, 8), ("min_length", min_length, 30)):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= hi:
                raise GameStateError(f"options.{name} must be a whole number from 1 to {hi}", f"options.{name}")
        flags = [data.get("spacebar", False), data.get("dyslexic", False)]
        if not all(isinstance(f, bool) for f in flags):
            raise GameStateError("options.spacebar and options.dyslexic are true or false", "options")
        rules = {r: data.get(r, False) for r in (*RULES, *EXPANSIONS, *READINGS)}
        for r, v in rules.items():
            if not isinstance(v, bool):
                raise GameStateError(f"options.{r} is true or false", f"options.{r}")
        loss = data.get("coop_loss_cubes", 5)
        if isinstance(loss, bool) or loss not in LOSS_CUBES:
            raise GameStateError(
                "options.coop_loss_cubes is 5 (the rulebook) or 4 (its extra challenge)", "options.coop_loss_cubes"
            )
        if loss != 5 and not rules["coop"]:
            raise GameStateError(
                "options.coop_loss_cubes is a rule of co-op: set options.coop", "options.coop_loss_cubes"
            )
        modes = _modes(data, rules, players)
        return PaperbackOptions(players, min_length, flags[0], flags[1], **rules, coop_loss_cubes=loss, **modes)


EXPANSIONS = ("attacks", "powers", "award", "theme")  # the expansions, off by default
MODES = ("simultaneous", "turn_timer")  # simultaneous play, and the turn timer of the advice rule
MAX_TIMER = 3600  # seconds
SIMULTANEOUS_PLAYERS = 5  # the draft's two picks a seat from a row of 10
# the rules simultaneous play leaves out (docs/paperback-rules.md): its Offer has no piles (no pile's top to discount,
# no 2¢ pile to recycle), its round no turn for an Attack card to last until, nor for co-op's cube
NOT_SIMULTANEOUS = ("coop", "attacks", "cube_discount", "recycle_twos")


def _modes(data: dict[str, Any], rules: dict[str, Any], players: int) -> dict[str, Any]:
    """``simultaneous`` and ``turn_timer``, checked (with the rules they leave out or need)."""
    simultaneous = data.get("simultaneous", False)
    if not isinstance(simultaneous, bool):
        raise GameStateError("options.simultaneous is true or false", "options.simultaneous")
    timer = data.get("turn_timer", 0)
    if isinstance(timer, bool) or not isinstance(timer, int) or not 0 <= timer <= MAX_TIMER:
        raise GameStateError(f"options.turn_timer is seconds, 0 (none) to {MAX_TIMER}", "options.turn_timer")
    if timer and not rules["cube_advice"]:
        raise GameStateError(
            "options.turn_timer is the advice rule's timer (\"This rule can also be played with a turn timer\"): set "
            "options.cube_advice",
            "options.turn_timer",
        )
    if simultaneous:
        left_out = next((r for r in NOT_SIMULTANEOUS if rules[r]), None)
        if left_out is not None:
            raise GameStateError(f"options.{left_out} is not played in simultaneous play", f"options.{left_out}")
        if players > SIMULTANEOUS_PLAYERS:
            raise GameStateError(
                f"options.players: simultaneous play's draft deals two cards a seat from a row of 10: at most "
                f"{SIMULTANEOUS_PLAYERS} players",
                "options.players",
            )
    return {"simultaneous": simultaneous, "turn_timer": timer}
# the readings other than the rulebook's letter, off by default (docs/paperback-rules.md): "take all the 2¢ cards in
# the Trash" read as the 2¢ pile's own cards; "cash in cubes at any time on their turn" read as the buy phase only;
# "If you copy the "Double Word Score" ability, your score is tripled, not quadrupled" read as additive (three x4)
READINGS = ("twos_pile_only", "cash_buy_only", "double_words_additive")
