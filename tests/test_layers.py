"""The layer contract: packages import downward only, and no module imports itself back through others.

Every import counts: at the top of a module, inside a function, under ``TYPE_CHECKING``. The layers, lowest
first, follow the data's way (rules -> search -> answers -> faces):

- the base: ``solver`` itself, ``solver.errors``, ``solver.text``, ``solver.cache``, ``solver.budget``,
  ``solver.objectives`` (the type both games' objectives are), ``solver.states`` (what both turn states check),
  ``solver.files`` (every file written whole or not at all, every named input read bounded)
- ``wordlists``: the shipped lists and where the others come from
- ``solver.lexicon``: word lists compiled and loaded
- ``solver.hardback`` and ``solver.paperback``: each game's rules as values and pure functions (neither
  imports the other)
- ``solver.search``: move generation for both games
- ``solver.answers``: the questions asked of a turn (hint, rate, ink), shared by the faces
- ``solver.game``: first what both games' engines share, the game protocol every face and planner is written
  against (``solver.game.protocol``), a saved game's random generator and error (``solver.game.saving``), the
  record of a game (``solver.game.record``), then the record format both share (``solver.game.records``); then
  the two engines as peers, Hardback's (``solver.game.hardback``) and Paperback's (``solver.game.paperback``),
  each implementing the protocol and neither importing the other; then ``solver.game.saved``, which finds either
  game's record format
- ``solver.planner``: a turn's plans played in worlds sampled from a seat's view and judged by a learned win
  model, written against the protocol (the fast policies it finishes turns with are passed in)
- ``solver.bots``, then ``solver.tournament`` and ``solver.advice``: the engines' players, many games, and the
  advice built on the expert (win chances, suggestions, the review's win objective)
- ``service``: the HTTP face
- ``solver.cli``: the command line, the only package that may import the service
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("solver", "service", "wordlists")

# each layer's groups: a group may import its own modules and those of lower layers; groups of one layer are peers
# (but the base's few modules are one group; ``solver`` there is the package's own __init__ only)
LAYERS: list[tuple[str, ...]] = [
    (
        "solver",
        "solver.errors",
        "solver.text",
        "solver.cache",
        "solver.budget",
        "solver.objectives",
        "solver.states",
        "solver.files",
    ),
    ("wordlists",),
    ("solver.lexicon",),
    ("solver.hardback", "solver.paperback"),
    ("solver.search",),
    ("solver.answers",),
    ("solver.game", "solver.game.protocol", "solver.game.record", "solver.game.saving"),
    ("solver.game.records",),  # the record format both games' records share (it refuses with the protocol's error)
    ("solver.game.hardback", "solver.game.paperback"),
    ("solver.game.saved",),  # either game's record format, found by the record: above both engines
    ("solver.planner",),  # plans judged in sampled worlds by a learned win model; the policies passed in
    ("solver.bots",),
    ("solver.tournament", "solver.advice"),
    ("service",),
    ("solver.cli",),
]


def modules(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its own name; a compiled module by its stub)."""
    out: dict[str, Path] = {}
    for package in packages:
        for path in sorted([*(root / package).rglob("*.py"), *(root / package).rglob("*.pyi")]):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def _imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """The known modules one module imports, with the line of each import (anywhere in the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        targets: list[str] = []
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            targets = [f"{module}.{a.name}" for a in node.names] + [module]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target, node.lineno


def import_graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, dict[str, int]]:
    """Each module's imports of the project's own modules: {module: {imported module: line}}."""
    known = modules(root, packages)
    graph: dict[str, dict[str, int]] = {}
    for name, path in known.items():
        graph[name] = {}
        for target, line in _imported(name, path, known):
            graph[name].setdefault(target, line)
    return graph


def group_of(module: str) -> tuple[int, str]:
    """A module's layer and group: the longest group name it falls under."""
    best: tuple[int, str] | None = None
    for level, groups in enumerate(LAYERS):
        for group in groups:
            inside = module == group or (group != "solver" and module.startswith(group + "."))
            if inside and (best is None or len(group) > len(best[1])):
                best = (level, group)
    if best is None:
        raise AssertionError(f"{module} is in no layer: add its package to LAYERS in tests/test_layers.py")
    return best


def layer_violations(graph: dict[str, dict[str, int]]) -> list[str]:
    """Imports that go upward, or sideways into a peer group (the base's modules are one group)."""
    out = []
    for module, targets in sorted(graph.items()):
        level, group = group_of(module)
        for target, line in sorted(targets.items()):
            t_level, t_group = group_of(target)
            if t_level > level or (t_level == level and t_group != group and level > 0):
                out.append(f"{module} (line {line}) imports {target}: {group} may not import {t_group}")
    return out


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, {})))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_packages_import_downward_only() -> None:
    assert layer_violations(import_graph(ROOT)) == []


def test_no_module_imports_itself_back() -> None:
    assert cycles(import_graph(ROOT)) == []


def test_only_the_command_line_imports_the_service() -> None:
    graph = import_graph(ROOT)
    outside = [
        f"{m} imports {t}"
        for m, targets in graph.items()
        for t in targets
        if (t == "service" or t.startswith("service.")) and not (m.startswith(("service", "solver.cli")))
    ]
    assert outside == []


def test_no_router_imports_another() -> None:
    """Each router is one concern: what several share lives in service.deps, service.errors or service.schemas."""
    graph = import_graph(ROOT)
    routers = [m for m in graph if m.startswith("service.routers.")]
    assert routers
    assert [f"{m} imports {t}" for m in routers for t in graph[m] if t.startswith("service.routers")] == []


def test_the_shared_game_routes_know_only_the_protocol() -> None:
    """One game router for both games: the routes (``service.gamestate``) reach a game through the protocol alone;
    each engine is named only by its game's part (``service.game_faces``)."""
    graph = import_graph(ROOT)
    assert "solver.game.protocol" in graph["service.gamestate"]
    engines = [t for t in graph["service.gamestate"] if t.startswith(("solver.game.hardback", "solver.game.paperback"))]
    assert engines == []
    for engine in ("solver.game.hardback.engine", "solver.game.paperback.protocol"):
        assert "solver.game.protocol" in graph[engine]


def test_only_an_answer_explains() -> None:
    """Compute, then explain: the words for people are made when a move is built (``solver.hardback.moves``), and
    nothing else reads them, so nothing decides anything by an explanation's text."""
    graph = import_graph(ROOT)
    assert [m for m, targets in graph.items() if "solver.hardback.explain" in targets] == ["solver.hardback.moves"]


def test_every_module_has_a_layer() -> None:
    for module in modules(ROOT):
        group_of(module)


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_the_checker_sees_an_import_hidden_in_a_function(tmp_path: Path) -> None:
    """A cycle through a function body, and an upward import under TYPE_CHECKING, are both caught."""
    root = _tree(
        tmp_path,
        {
            "solver/__init__.py": "",
            "solver/hardback/__init__.py": "",
            "solver/hardback/a.py": "def f() -> None:\n    from solver.hardback import b\n",
            "solver/hardback/b.py": "from . import a\n",
            "solver/search/__init__.py": "",
            "solver/search/c.py": "",
            "solver/paperback/__init__.py": "",
            "solver/paperback/d.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import solver.search.c\n"
            ),
        },
    )
    graph = import_graph(root, ("solver",))
    assert cycles(graph) == [["solver.hardback.a", "solver.hardback.b"]]
    assert layer_violations(graph) == [
        "solver.paperback.d (line 3) imports solver.search.c: solver.paperback may not import solver.search"
    ]


@pytest.mark.parametrize(
    ("importer", "imported"), [("solver.hardback.x", "solver.paperback"), ("service.y", "solver.cli")]
)
def test_the_checker_refuses_peers_and_upward_imports(tmp_path: Path, importer: str, imported: str) -> None:
    graph = {importer: {imported: 1}, imported: {}}
    assert len(layer_violations(graph)) == 1
