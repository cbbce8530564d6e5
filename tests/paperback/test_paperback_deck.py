"""Paperback deck files: the shipped house deck (invented, with the rulebook's component counts) and a deck that
breaks the rulebook's structure refused with its line and the reason."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solver.paperback.abilities import COPY, DOUBLE_WORD, TRASH_OFFER
from solver.paperback.deck import DeckError, house_deck, load_deck, pile_of, read_deck

HOUSE = Path(__file__).resolve().parents[2] / "solver" / "data" / "paperback-house-deck.json"


def house_text() -> str:
    return HOUSE.read_text(encoding="utf-8")


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_house_deck_is_labelled_invented() -> None:
    deck = house_deck()
    assert deck.invented
    assert "not the published" in deck.note.lower()
    assert "invented" in deck.label()


def test_house_deck_follows_the_rulebooks_component_counts() -> None:
    """Rulebook: "66 Letter Cards - 8 2¢ Vowels - 20 Two-Letter Cards ... 50 Starting Deck Cards - 28 Fame Cards (Wild)
    - 6 Common Cards"."""
    deck = house_deck()
    cards = [c for c in deck.offer for _ in range(c.copies) if not c.attack]  # the Attack cards: an expansion
    two_cent = [c for c in cards if c.card.cost == 2]
    assert len(two_cent) == 8 and all(c.card.letters in "aeiou" for c in two_cent)
    assert sum(1 for c in cards if len(c.card.letters) == 2) == 20
    assert sum(1 for c in cards if len(c.card.letters) == 1 and c.card.cost != 2) == 66
    # "the 1¢ T,R,S,L and N cards and five of the 2¢ Fame cards"
    assert [c.card.letters for c in deck.starter_letters] == list("trsln")
    assert all(c.card.score == 1 for c in deck.starter_letters)
    assert deck.starter_wilds == 5 and deck.wild_cost == 2
    assert 5 * (len(deck.starter_letters) + deck.starter_wilds) == 50
    # the Fame piles: 5¢, 8¢, 11¢, 17¢ and the rulebook's table by player count
    assert [p.cost for p in deck.fame] == [5, 8, 11, 17]
    assert [p.cards[3] for p in deck.fame] == [6, 6, 3, 2]
    assert [p.cards[4] for p in deck.fame] == [8, 8, 4, 2]
    assert [p.cards[5] for p in deck.fame] == [10, 10, 5, 3]
    assert sum(p.cards[5] for p in deck.fame) == 28
    assert len(deck.common) == 6 and deck.commons_dealt == 4
    assert deck.players == (2, 3, 4, 5)
    # every Offer pile has cards: "The 8¢, 9¢, and 10¢ cards go into the same pile"
    assert {pile_of(c.card.cost or 0) for c in cards} == set(range(7))


def test_house_deck_abilities_are_the_closed_vocabulary() -> None:
    effects = {a.effect for c in house_deck().offer for a in c.card.abilities}
    assert COPY in effects and TRASH_OFFER in effects and DOUBLE_WORD in effects


def test_deck_round_trips_through_its_json() -> None:
    deck = house_deck()
    assert read_deck(json.dumps(deck.to_json())) == deck


def test_an_ability_outside_the_vocabulary_is_refused_with_its_line() -> None:
    text = house_text().replace('"cost": 7, "abilities": ["copy"]', '"cost": 7, "abilities": ["steal-fame"]')
    with pytest.raises(DeckError) as e:
        read_deck(text, "table.json")
    assert e.value.line == line_of(text, "steal-fame")
    assert str(e.value).startswith(f"table.json, line {e.value.line}: ")
    assert "'steal-fame' is not in the vocabulary" in str(e.value)


def test_a_fault_carries_its_json_path_and_the_file_keeps_its_line() -> None:
    """The same bad ability: a deck file's error names its line (as before), and every error also carries the JSON
    path of the field at fault (what the service names, a line of a re-read deck meaning nothing to a client)."""
    text = house_text().replace('"cost": 7, "abilities": ["copy"]', '"cost": 7, "abilities": ["steal-fame"]')
    with pytest.raises(DeckError) as e:
        read_deck(text, "table.json")
    index = next(i for i, c in enumerate(json.loads(text)["offer"]) if c.get("abilities") == ["steal-fame"])
    assert e.value.path == f"offer[{index}].abilities[0]"
    assert str(e.value).startswith(f"table.json, line {line_of(text, 'steal-fame')}: ")
    cases: list[tuple[Callable[[dict[str, Any]], object], str]] = [
        (lambda d: d["fame"][2].update(points=-4), "fame[2].points"),
        (lambda d: d["starters"].update(wilds="five"), "starters.wilds"),
        (lambda d: d["offer"][4].update(letters="ABC"), "offer[4].letters"),
        (lambda d: d["offer"][4].update(cost=11), "offer[4].cost"),
        (
            lambda d: d["common"].append({"special": "spacebar", "letters": "S"}),
            f"common[{len(house_deck().common)}].letters",
        ),
        (lambda d: d.update(length_track=[7]), "length_track"),
        (lambda d: d.pop("fame"), "fame"),
    ]
    for edit, path in cases:
        data = house_deck().to_json()
        edit(data)
        with pytest.raises(DeckError) as e:
            read_deck(json.dumps(data, indent=1))
        assert e.value.path == path, (path, str(e.value))


def test_a_card_without_a_cost_is_refused_with_its_line() -> None:
    text = house_text().replace('{"letters": "QU", "score": 5, "cost": 7, ', '{"letters": "QU", "score": 5, ')
    with pytest.raises(DeckError) as e:
        read_deck(text)
    assert e.value.line == line_of(text, '"QU"')
    assert 'has no "cost"' in str(e.value)


def test_a_cost_no_pile_takes_is_refused() -> None:
    text = house_text().replace('{"letters": "QU", "score": 5, "cost": 7', '{"letters": "QU", "score": 5, "cost": 12')
    with pytest.raises(DeckError, match="cost 12 is in no Offer pile") as e:
        read_deck(text)
    assert e.value.line == line_of(text, '"QU"')


def test_an_offer_pile_missing_is_refused() -> None:
    data = json.loads(house_text())
    data["offer"] = [c for c in data["offer"] if c["cost"] != 3]
    with pytest.raises(DeckError, match="the Offer's 3¢ pile has no card"):
        read_deck(json.dumps(data, indent=1))


def test_a_fame_pile_missing_is_refused() -> None:
    data = json.loads(house_text())
    data["fame"] = data["fame"][:3]
    with pytest.raises(DeckError, match="the 4 Fame piles"):
        read_deck(json.dumps(data, indent=1))


def test_a_fame_pile_without_a_player_count_is_refused_at_its_line() -> None:
    data = json.loads(house_text())
    del data["fame"][2]["cards"]["5"]
    text = json.dumps(data, indent=1)
    with pytest.raises(DeckError, match=r"fame\[2\] gives counts for other player counts") as e:
        read_deck(text)
    assert e.value.line > 1


def test_a_length_track_that_does_not_match_the_commons_dealt_is_refused() -> None:
    text = house_text().replace('"length_track": [7, 8, 9, 10]', '"length_track": [7, 8, 9]')
    with pytest.raises(DeckError, match="length_track"):
        read_deck(text)


def test_not_json_names_the_line() -> None:
    text = house_text().replace('"commons_dealt": 4,', '"commons_dealt": 4')
    with pytest.raises(DeckError, match="not JSON") as e:
        read_deck(text)
    assert e.value.line == line_of(text, "length_track")


def test_an_unknown_field_is_refused() -> None:
    text = house_text().replace('"invented": true,', '"invented": true, "attacks": [],')
    with pytest.raises(DeckError, match="unknown field 'attacks'"):
        read_deck(text)


def test_a_table_deck_loads_from_a_file(tmp_path: Path) -> None:
    data = json.loads(house_text())
    data.update(name="our table", invented=False)
    data["offer"][0]["copies"] = 3
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    deck = load_deck(path)
    assert deck.name == "our table" and not deck.invented and deck.offer[0].copies == 3
    with pytest.raises(DeckError, match="cannot read it"):
        load_deck(tmp_path / "missing.json")


def test_a_pyramid_layout_is_optional_and_checked_with_its_line(tmp_path: Path) -> None:
    """The co-op pyramid ("try different Fame Card layouts"): an optional field, every Fame card used once."""
    assert house_deck().pyramid == () and "pyramid" not in house_deck().to_json()
    assert "pyramid" in house_deck().note  # the house deck's default layout, written in its note
    data = json.loads(house_text())
    data["pyramid"] = {"2": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 3]]}
    assert read_deck(json.dumps(data)).pyramid_rows(2) == ((0, 0, 0, 0), (1, 1, 1, 1), (2, 2, 3))
    data["pyramid"] = {"2": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2]]}
    with pytest.raises(DeckError, match="lays out 0 cards of fame"):
        read_deck(json.dumps(data, indent=1))


def test_house_deck_has_the_boxs_expansion_counts_all_invented() -> None:
    """Rulebook: "11 Attack Cards ... 5 Player Powers - 6 Theme Cards - 4 Award Cards" (their texts are not
    published: the house deck's are invented, in the closed vocabulary, and its note says so)."""
    deck = house_deck()
    assert sum(c.copies for c in deck.offer if c.attack) == 11
    assert (len(deck.powers), len(deck.themes), len(deck.awards)) == (5, 6, 4)
    assert all(c.card.cost is not None and 2 <= c.card.cost <= 10 for c in deck.offer if c.attack)
    assert "Attack cards" in deck.note and "invented" in deck.note


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"attack": ["others:no-common"]', '"attack": ["others:steal-fame"]', "'others:steal-fame' is not in the"),
        ('"attack": ["others:no-common"]', '"attack": ["others:draw-9"]', "the number must be from 1 to 2"),
        ('"attack": ["others:no-common"]', '"attack": []', '"attack" lists 1 to 3 attacks'),
        ('"powers": ["draw+1"', '"powers": ["fly"', "powers[0]: power 'fly' is not in the vocabulary"),
        ('"awards": ["most-words:4"', '"awards": ["most-words"', "awards[0]: award 'most-words' is not in the"),
        ('{"name": "Food", "fame": 3', '{"name": "Food", "fame": 0', '"fame" must be a whole number from 1'),
        ('{"name": "Food", "fame": 3', '{"name": "Food", "sneaky": 1, "fame": 3', "unknown field 'sneaky'"),
        ('{"name": "Food"', '{"name": "Animals"', "a second theme named 'Animals'"),
        ('"words": ["pie"', '"words": ["p1e"', "words[0] 'p1e' must be letters only"),
    ],
)
def test_an_expansion_card_outside_the_vocabulary_is_refused_with_its_line(old: str, new: str, message: str) -> None:
    text = house_text()
    assert old in text
    text = text.replace(old, new, 1)
    with pytest.raises(DeckError) as e:
        read_deck(text, "table.json")
    assert message in str(e.value)
    assert e.value.line == line_of(house_text(), old)


def test_an_attack_on_a_common_or_starting_card_is_refused() -> None:
    text = house_text().replace('{"letters": "E", "score": 2, "fame": 1}', '{"letters": "E", "score": 2, "attack": []}')
    with pytest.raises(DeckError, match="unknown field 'attack'"):
        read_deck(text)
