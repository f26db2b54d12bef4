"""Picking the cell that answers a qualified question (answer/cells.py), on rows shaped as the store returns
them."""

from __future__ import annotations

from datetime import date


def _row(path: str, value: float, as_of: date, page: int = 16) -> tuple[object, ...]:
    return ("ACME_2025Q2_10Q", page, None, path, "Operating revenue by kind", "Three Months Ended", "3M", as_of, value,
            "millions", "USD", path.split(" › ")[-1])


def test_a_row_whose_year_earlier_figure_is_implausible_is_no_answer():
    from finchat.answer.cells import _pick

    now, before = date(2025, 6, 30), date(2024, 6, 30)
    # columns that are kinds of revenue read as periods: 1,088 "against" 9 a year earlier
    rows = [_row("Water services › Residential", 1088, now), _row("Water services › Residential", 9, before)]
    assert _pick(rows, ["residential"], {"residential", "revenue"}, 3, now, False, {"revenue"}) is None
    # a real change, even a large one, stands
    rows = [_row("Water services › Residential", 554, now), _row("Water services › Residential", 483, before)]
    best, prior = _pick(rows, ["residential"], {"residential", "revenue"}, 3, now, False, {"revenue"})
    assert (best.value, prior.value if prior else None) == (554, 483)
