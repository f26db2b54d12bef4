"""A filing's table chunks as tables: the parts of a split table joined, and the units line printed above
one on its page. Shared by the statement facts (graph/build.py) and the table cells (graph/cells.py)."""

from __future__ import annotations

import re
from typing import Any

from finchat.tables import units_scale

PART = re.compile(r" \(part (\d+) of (\d+)\)$")


def table_groups(chunks: list[Any]) -> list[list[Any]]:
    """Table chunks grouped so that the parts of one split table ("… (part 2 of 3)") stay together."""
    groups: list[list[Any]] = []
    for c in chunks:
        if c[1] != "table":
            continue
        m = PART.search(c[2])
        if m and int(m.group(1)) > 1 and groups and PART.sub("", groups[-1][0][2]) == PART.sub("", c[2]):
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


#: How many chunks above a table are searched for its page's units line ("(Amounts in millions …)").
UNITS_ABOVE = 3


def units_above(chunks: list[Any], table: Any) -> str | None:
    """The scale a units line prints just above ``table`` on the same page (within UNITS_ABOVE chunks):
    layouts put "(Amounts in millions, except per share data)" outside the table the parser cuts."""
    i = next(k for k, c in enumerate(chunks) if c[0] == table[0])
    for c in reversed(chunks[max(0, i - UNITS_ABOVE):i]):
        if c[4] != table[4]:
            break
        scale = units_scale(c[3])
        if scale:
            return scale
    return None




def group_text(group: list[Any]) -> str:
    """One (possibly split) table's text: the first part's caption and rows, then each later part's rows
    without the header rows it repeats."""
    lines = group[0][3].splitlines()
    head = [ln for ln in lines if ln.startswith("|")]
    for c in group[1:]:
        rows = [ln for ln in c[3].splitlines() if ln.startswith("|")]
        k = 0
        while k < len(rows) and k < len(head) and rows[k] == head[k]:
            k += 1
        lines.extend(rows[k:])
    return "\n".join(lines)
