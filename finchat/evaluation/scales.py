"""The scale check of `finchat eval facts`: is every stored money figure in the scale its page prints?

For each REPORTED revenue, net income and total-assets fact in dollars, the page it was read from is read
again from the PDF's own text layer (PyMuPDF plain text — not the parser finchat ingests with) and its units
phrase found: "(In millions, except per share data)", "(Amounts in millions …)", "$ in thousands",
"(Dollars in billions)", "(millions)", "(000s)". The first phrase on the page (a statement prints its units
in its heading) is the expected scale; a statement continued from the page before takes that page's; a page
printing none expects plain dollars. A fact is right when its stored scale is the expected one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

from finchat.graph.query import FactRow
from finchat.tables import units_scale

METRICS = ("revenue", "net_income", "total_assets")
def printed_scale(text: str) -> str | None:
    """The scale of the first units phrase in ``text`` ("millions", …), or None when it prints none."""
    return units_scale(text)


@dataclass(frozen=True)
class ScaleCheck:
    fact: FactRow
    expected: str
    status: str  # right / wrong / no source

    def as_json(self) -> dict[str, Any]:
        return {**self.fact.as_json(), "expected_scale": self.expected, "status": self.status}


def check_scales(conn: psycopg.Connection, facts: list[FactRow], metrics: tuple[str, ...] = METRICS) -> list[ScaleCheck]:
    """Each dollar fact of ``metrics`` against the scale its PDF page prints (documents whose file is gone
    from ``source_path`` are "no source")."""
    import pymupdf

    paths: dict[str, str] = {str(r[0]): str(r[1]) for r in conn.execute("SELECT name, source_path FROM documents")}
    pages: dict[tuple[str, int], str | None] = {}
    out: list[ScaleCheck] = []
    opened: dict[str, Any] = {}
    try:
        for f in facts:
            if f.metric not in metrics or not f.unit.startswith("USD") or f.unit == "USD/share":
                continue
            src = Path(str(paths.get(f.document, "")))
            if not src.is_file() or src.suffix.lower() != ".pdf":
                out.append(ScaleCheck(f, "?", "no source"))
                continue
            doc = opened.get(f.document) or opened.setdefault(f.document, pymupdf.open(src))  # type: ignore[no-untyped-call]

            def scale_on(page: int, _doc: Any = doc, _name: str = f.document) -> str | None:
                if (_name, page) not in pages:
                    pages[(_name, page)] = (printed_scale(_doc[page - 1].get_text())
                                            if 1 <= page <= _doc.page_count else None)
                return pages[(_name, page)]

            expected = scale_on(f.page) or scale_on(f.page - 1) or "units"
            out.append(ScaleCheck(f, expected, "right" if f.scale == expected else "wrong"))
    finally:
        for d in opened.values():
            d.close()
    return out


def scale_report(checks: list[ScaleCheck], show: int = 20) -> list[str]:
    """Lines: checked, wrong (and in how many filings), the first ``show`` wrong ones."""
    judged = [c for c in checks if c.status != "no source"]
    wrong = [c for c in judged if c.status == "wrong"]
    docs = {c.fact.document for c in judged}
    lines = [f"Scale of {len(judged)} revenue, net income and total-assets figures ({len(docs)} filings) against "
             f"the units their PDF page prints: {len(judged) - len(wrong)} right "
             f"({(len(judged) - len(wrong)) / (len(judged) or 1):.1%}), {len(wrong)} wrong in "
             f"{len({c.fact.document for c in wrong})} filings"
             + (f"; {len(checks) - len(judged)} without their PDF" if len(checks) > len(judged) else "")]
    for c in wrong[:show]:
        f = c.fact
        lines.append(f"  wrong    {f.document:32} {f.metric:14} p.{f.page:<4} {f.printed or f.value:>12}  stored "
                     f"{f.scale}, page prints {c.expected}")
    if len(wrong) > show:
        lines.append(f"  … {len(wrong) - show} more (results.json lists them all)")
    return lines


__all__ = ["METRICS", "ScaleCheck", "check_scales", "printed_scale", "scale_report"]
