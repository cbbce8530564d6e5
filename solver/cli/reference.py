"""The docs site's references, generated from the code so that they cannot drift: the command line's from its
argparse parser (``cli_reference``), the HTTP API's from the service's OpenAPI document (``http_reference``).

The site's hook (``docs/hooks.py``) puts them in place of ``<!-- cli-reference -->`` and ``<!-- http-reference -->``.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

WIDTH = 100  # the help's line width: the same on every machine, whatever the terminal
LONG = 1000  # an example's part longer than this, in characters of JSON, is shown in words


def cli_reference() -> str:
    """Every command's ``--help``, as argparse prints it, a section a command in the order ``--help`` lists them."""
    from solver.cli.main import parser

    os.environ["COLUMNS"] = str(WIDTH)  # argparse reads the width from the environment
    top = parser()
    out = ["## ghostwriter", "", "```text", top.format_help().rstrip(), "```", ""]
    for name, sub in _subparsers(top).items():
        out += [f"## ghostwriter {name}", "", "```text", sub.format_help().rstrip(), "```", ""]
    return "\n".join(out)


def _subparsers(p: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            choices: dict[str, argparse.ArgumentParser] = action.choices
            return dict(choices)
    return {}


def http_reference() -> str:
    """Every operation of the OpenAPI document: its method and path, summary, description, parameters, and its
    example body (the one ``/docs`` fills in)."""
    from service.main import create_app

    doc: dict[str, Any] = create_app().openapi()
    out = [doc["info"].get("description", ""), ""]
    for path, item in doc["paths"].items():
        for method, op in item.items():
            out += _operation(method.upper(), path, op, doc)
    return "\n".join(out)


def _operation(method: str, path: str, op: dict[str, Any], doc: dict[str, Any]) -> list[str]:
    out = [f"## `{method} {path}`", ""]
    if op.get("summary"):
        out += [f"**{op['summary']}**", ""]
    if op.get("description"):
        out += [op["description"].strip(), ""]
    params = op.get("parameters", [])
    if params:
        out += ["| parameter | in | required | what |", "|---|---|---|---|"]
        for p in params:
            what = (p.get("description") or p.get("schema", {}).get("description", "")).replace("\n", " ")
            out.append(f"| `{p['name']}` | {p['in']} | {'yes' if p.get('required') else 'no'} | {what} |")
        out.append("")
    example = request_example(op, doc)
    if example is not None:
        shown = json.dumps(_shortened(example), ensure_ascii=False, indent=1)
        out += ["Example body (`/docs` fills it in whole):", "", "```json", shown, "```", ""]
    codes = ", ".join(f"{code} {r.get('description', '')}".strip() for code, r in op.get("responses", {}).items())
    if codes:
        out += [f"Answers: {codes}.", ""]
    return out


def _shortened(example: Any) -> Any:
    """The example with each long game state or record put in words (the page shows its shape, not 10 KB)."""
    if not isinstance(example, dict):
        return example
    out = {}
    for key, value in example.items():
        long = isinstance(value, dict) and len(json.dumps(value)) > LONG
        out[key] = f"(a whole {key} as the service writes it: {len(json.dumps(value)):,} characters)" if long else value
    return out


def request_example(op: dict[str, Any], doc: dict[str, Any]) -> Any:
    """The example body of an operation's JSON request (the schema's first example), or None without a body."""
    content = op.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        return None
    if "example" in content:
        return content["example"]
    if content.get("examples"):
        return next(iter(content["examples"].values())).get("value")
    schema = content.get("schema", {})
    ref = schema.get("$ref")
    if ref:
        schema = doc["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    examples = schema.get("examples")
    if examples:
        return examples[0]
    return schema.get("example")
