"""kopt.tables."""

from kopt.tables import markdown_header, markdown_row, markdown_table


def test_markdown_table():
    assert markdown_header(["a", "b"]) == "| a | b |\n|---|---|"
    assert markdown_row([1, 2.5]) == "| 1 | 2.5 |"
    assert markdown_table(["a", "b"], [[1, 2], ["x", ""]]) == (
        "| a | b |\n|---|---|\n| 1 | 2 |\n| x |  |")
