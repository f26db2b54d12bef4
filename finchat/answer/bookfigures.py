"""Figures from the statements' fact book (answer/figures.py), one line per company and figure: a statement line
for the period, a year earlier and the change; a derived ratio computed from its inputs, each cited (over balances
averaged over the year, or averaged over several years, when asked); a growth rate over a span of years. What cannot
be found is said, never guessed."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from finchat.answer import derive
from finchat.answer.cells import points_moved
from finchat.answer.figures import Computed, FactBook, Figure, change
from finchat.answer.result import Answer
from finchat.graph.lexicon import metric as metric_def


@dataclass(frozen=True)
class FigureOptions:
    """How the question wants derived figures: balances averaged over the year ("average total assets"),
    or the figure averaged over several years ("3-year average net margin")."""

    average_balances: bool = False
    years: int = 1
    #: a ratio's change asked ("By how many basis points did SG&A as a percent of net sales fall"): in points too
    moved: bool = False

    @classmethod
    def of(cls, question: str) -> FigureOptions:
        m = re.search(r"(?i)\b(2|3|4|5|two|three|four|five)[- ]year average\b", question)
        n = {"two": 2, "three": 3, "four": 4, "five": 5}.get(m.group(1).lower(), 0) or int(m.group(1)) if m else 1
        # "average total assets", "(average PP&E between FY2018 and FY2019)"
        avg = bool(re.search(r"(?i)\baverage (?:of )?(?:the )?(?:total |net )?(?:(?:accounts|trade) )*(?:assets|pp&e|ppe|property|equity|"
                             r"inventor|receivable|payable|balance|capital|shareholders|stockholders|debt)", question))
        moved = bool(re.search(r"(?i)\b(?:basis\s+points?|bps|percentage\s+points?|by\s+how\s+(?:much|many)|"
                               r"change[ds]?|fall|fell|rise|rose|declined?|increased?|decreased?|improved?)\b", question))
        return cls(avg, n, moved)


def book_figures(companies: list[str], names: dict[str, str], books: dict[str, FactBook],
                 derived: list[derive.Definition], metrics: list[str], opts: FigureOptions = FigureOptions()) -> Answer:
    """Derived figures and statement figures, one line per company and figure (or what could not be found);
    ``figures`` is empty when nothing at all could be stated."""
    lines: list[str] = []
    computed: list[Computed] = []
    figures: list[Figure] = []
    periods: dict[str, str] = {}
    for company in companies:
        name = names[company]
        book = books.get(company)
        for d in derived:
            if d.years:
                growth = _cagr(d, book) if book else None
                if growth is None:
                    lines.append(f"{name}: {d.name} cannot be computed — the statements in scope do not print "
                                 f"{metric_def(d.inputs[0]).name.lower()} for both ends of the span.")
                    continue
                computed.append(growth[0])
                figures.extend(growth[0].inputs)
                periods[company] = growth[1]
                lines.append(f"{name}'s {d.name} ({growth[1]}) was {growth[0].shown()} ({d.formula}: {growth[2]}).")
                continue
            if opts.years > 1 and book is not None:
                avg = _multi_year(d, book, opts)
                if avg is not None:
                    computed.append(avg[0])
                    figures.extend(avg[0].inputs)
                    periods[company] = avg[1]
                    lines.append(f"{name}'s {opts.years}-year average {d.name.lower()} ({avg[1]}) was {avg[0].shown()} "
                                 f"({d.formula}, year by year: {avg[2]}).")
                    continue
            got = _derive(d, book, opts) if book else None
            if got is None:
                need = " and ".join(dict.fromkeys(metric_def(derive.base_metric(m)).name.lower()
                                                  for m in d.inputs if m not in d.optional))
                lines.append(f"{name}: {d.name.lower()} cannot be computed — no {need} for one period was read "
                             "from its statements in scope.")
                continue
            now, before = got
            computed.append(now)
            figures.extend(now.inputs)
            periods[company] = now.inputs[0].period()
            inputs = " and ".join(f"{f.name.lower()} {f.money()} {f.cite()}" for f in now.inputs)
            # the period of a flow input: days payable are "for the year ended …", not "as of" its balance
            when = next((f for f in now.inputs if f.duration is not None), now.inputs[0]).for_period()
            line = f"{name}'s {d.name.lower()} {when} was {now.shown()} ({d.formula}: {inputs})"
            if now.note:
                line += f"; {now.note}"
            if before is not None:
                computed.append(before)
                when = "a year earlier" if before.inputs[0].duration else before.inputs[0].period()
                line += f"; {when}, {before.shown()}"
                if opts.moved and d.unit == "%":
                    # (from the ratios themselves, not their rounded percentages: 55.24 % − 54.12 % is 112 basis
                    # points, where 55.2 % − 54.1 % would say 110)
                    line += points_moved(now.value * 100, before.value * 100)
            lines.append(line + ".")
        for m in metrics:
            cur = book.current(m) if book else None
            if cur is None:
                lines.append(f"{name}: no {metric_def(m).name.lower()} figure was read from the statements in scope.")
                continue
            figures.append(cur)
            periods[company] = cur.period()
            line = f"{name}'s {metric_def(m).name.lower()} {cur.for_period()} was {cur.money()} {cur.cite()}"
            prior = book.year_earlier(cur) if book else None
            if prior is not None:
                figures.append(prior)
                line += f", {change(cur, prior)} from {prior.money()} {prior.for_period()} {prior.cite()}"
            lines.append(line + ".")
    if len(set(periods.values())) > 1:
        lines.append("Note: the periods differ — " + "; ".join(f"{names[c]}: {p}" for c, p in periods.items()) + ".")
    return Answer("\n".join(lines), "facts", computed, figures)


def _multi_year(d: derive.Definition, book: FactBook, opts: FigureOptions) -> tuple[Computed, str, str] | None:
    """``d`` averaged over ``opts.years`` consecutive years ending with the book's period: (the average, the
    span "years ended … to …", the yearly values); None when a year is missing."""
    anchor = _anchor(d, book)
    yearly: list[Computed] = []
    while anchor is not None and len(yearly) < opts.years:
        got = _compute(d, book, anchor, opts)
        if got is None:
            return None
        yearly.append(got)
        anchor = book.year_earlier(anchor)
    if len(yearly) < opts.years:
        return None
    mean = sum(c.value for c in yearly) / len(yearly)
    inputs = tuple(f for c in yearly for f in c.inputs)
    span = f"{yearly[-1].inputs[0].period()} to {yearly[0].inputs[0].period()}"
    each = ", ".join(f"{c.shown()} {c.inputs[0].for_period()}" for c in yearly)
    return Computed(d.key, f"{opts.years}-year average {d.name.lower()}", mean, d.unit, d.formula, inputs), span, each


def _cagr(d: derive.Definition, book: FactBook) -> tuple[Computed, str, str] | None:
    """Compound annual growth of ``d``'s metric over its ``years``, ending with the book's period: (the rate, the
    span, the two figures cited); None when either end is not printed or the first is not positive."""
    last = book.current(d.inputs[0])
    first = last
    for _ in range(d.years):
        first = book.year_earlier(first) if first is not None else None
    if last is None or first is None or first.scale != last.scale:
        return None
    rate = d.compute([last.value, first.value])
    if rate is None:
        return None
    span = f"{first.period()} to {last.period()}"
    cited = f"{last.money()} {last.cite()} and {first.money()} {first.cite()}"
    return Computed(d.key, d.name, rate, "%", d.formula, (last, first)), span, cited


def _anchor(d: derive.Definition, book: FactBook) -> Figure | None:
    """The figure that fixes the period: the first flow input (a balance when all inputs are balances)."""
    keys = [derive.base_metric(m) for m in d.inputs if m not in d.optional]
    anchor = next((f for m in keys if (f := book.current(m)) is not None and f.duration is not None), None)
    return anchor or next((f for m in keys if (f := book.current(m)) is not None), None)


def _derive(d: derive.Definition, book: FactBook, opts: FigureOptions = FigureOptions()) -> tuple[Computed, Computed | None] | None:
    """``d`` for the book's period and, when the filing has it, a year earlier."""
    anchor = _anchor(d, book)
    if anchor is None:
        return None
    now = _compute(d, book, anchor, opts)
    if now is None:
        return None
    prior_anchor = book.year_earlier(anchor)
    return now, (_compute(d, book, prior_anchor, opts) if prior_anchor is not None else None)


def _compute(d: derive.Definition, book: FactBook, anchor: Figure, opts: FigureOptions = FigureOptions()) -> Computed | None:
    values: list[float] = []
    used: list[Figure] = []
    absent: list[str] = []
    averaged: list[str] = []
    for m in d.inputs:
        key = derive.base_metric(m)
        f = anchor if key == anchor.metric else book.at(key, anchor)
        if f is not None and m.endswith(":change"):
            before = book.year_earlier(f)
            if before is None:
                return None  # a change over the year needs the balance a year before
            values.append(f.value - before.value)
            used += [f, before] if f not in used else [before]
            continue
        if f is None:
            if m not in d.optional:
                return None
            absent.append(metric_def(m).name.lower())
            values.append(0.0)
            continue
        if opts.average_balances and f.duration is None and any(x.duration is not None for x in [anchor]):
            before = book.year_earlier(f)
            if before is None:
                return None  # an average needs the balance a year before too
            values.append((f.value + before.value) / 2)
            used += [f, before]
            averaged.append(f"{f.name.lower()} averaged over {before.period().removeprefix('as of ')} and "
                            f"{f.period().removeprefix('as of ')}")
            continue
        values.append(f.value)
        used.append(f)
    scales = {f.scale for f in used if f.unit == "USD"}
    if len(scales) > 1:
        return None  # inputs printed in different scales are not mixed
    value = d.compute(values)
    if value is None or math.isnan(value):
        return None
    notes = averaged + ([f"{', '.join(absent)} not reported, counted as 0"] if absent else [])
    return Computed(d.key, d.name, value, d.unit, d.formula, tuple(used), "; ".join(notes))
