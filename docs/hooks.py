"""The site's hook (mkdocs.yml's ``hooks``): the references generated from the code (``solver.cli.reference``)
put in place of their markers, so the CLI and HTTP references never drift from the parser and the OpenAPI
document."""

from __future__ import annotations

from typing import Any

MARKERS = {"<!-- cli-reference -->": "cli_reference", "<!-- http-reference -->": "http_reference"}


def on_page_markdown(markdown: str, **_: Any) -> str:
    from solver.cli import reference

    for marker, name in MARKERS.items():
        if marker in markdown:
            markdown = markdown.replace(marker, getattr(reference, name)())
    return markdown
