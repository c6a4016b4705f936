"""Markdown tables, as the bench scripts and the study's report print them."""

from __future__ import annotations

from typing import Iterable


def markdown_header(columns: Iterable[str]) -> str:
    """The header line and the rule under it."""
    columns = list(columns)
    return "| " + " | ".join(columns) + " |\n|" + "---|" * len(columns)


def markdown_row(cells: Iterable) -> str:
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def markdown_table(columns: Iterable[str], rows: Iterable[Iterable]) -> str:
    return "\n".join([markdown_header(columns), *(markdown_row(row) for row in rows)])
