"""`finchat eval generation`: the seed's yes/no check of generated answers, done properly.

For every ingested 10-Q period (or ``--companies`` / ``--periods``) finchat is asked "Did <Company> perform
well in Q<n> <YYYY>?" through the full pipeline — retrieval with each k, the direct answer, and the LLM
unless ``--no-llm`` — and the answer's yes/no is compared with a label:

* ``fundamentals`` (the seed's final rule): from yfinance's quarterly income statement, year-over-year growth
  of Diluted EPS, Total Revenue and Net Income; "yes" when at least ``min_grew`` (2) grew.
* ``price`` (the seed's first rule): from daily prices, close-to-close return over the quarter ≥ 5 %, the
  standard deviation of daily returns < 5 %, and average daily volume > 1,000,000.

A fiscal quarter is mapped to dates through the company's own calendar: the filing's period end (Apple's Q3
2023 ended July 1, 2023); the quarter before ends about three months earlier. A quarter whose figures Yahoo
leaves NaN, or whose prior-year quarter it lacks, is skipped with the reason — never guessed.

Labels can also come from ``filings`` (the same rule over the graph's statement facts: offline, but the
figures the direct answer itself reads, so it checks the answer path, not the facts) or from a JSON file in
the shape this command writes (``labels.json``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import psycopg

from finchat.answer.verdict import parse_answer
from finchat.config import Settings
from finchat.errors import ConfigError, FinchatError

QUESTION = "Did {name} perform well in {quarter} {year}?"
YAHOO_ROWS = {"eps_diluted": "Diluted EPS", "revenue": "Total Revenue", "net_income": "Net Income"}


@dataclass(frozen=True)
class Period:
    company: str      # key: APPLE
    name: str         # Apple
    ticker: str | None
    fiscal_year: int
    quarter: str      # Q1..Q4
    end: date | None  # the fiscal quarter's last day

    @property
    def key(self) -> str:
        return f"{self.company} {self.fiscal_year}{self.quarter}"

    @property
    def question(self) -> str:
        return QUESTION.format(name=self.name, quarter=self.quarter, year=self.fiscal_year)


@dataclass
class Label:
    period: Period
    label: str | None            # "yes" / "no"; None: skipped
    reason: str = ""             # why skipped, or how decided
    detail: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        p = self.period
        return {"company": p.company, "fiscal_year": p.fiscal_year, "quarter": p.quarter,
                "period_end": p.end.isoformat() if p.end else None, "label": self.label, "reason": self.reason,
                "detail": self.detail}


# ---------------------------------------------------------------------------------------------- periods
def _shift(d: date, months: int) -> date:
    """``d`` moved by whole months, to the last day of that month when ``d`` is a month end (quarter ends
    are), else the same day clamped."""
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    last = (nxt - timedelta(days=1)).day
    is_month_end = (d + timedelta(days=1)).month != d.month
    return date(year, month, last if is_month_end else min(d.day, last))


def ingested_periods(conn: psycopg.Connection, companies: Sequence[str] = (),
                     periods: Sequence[str] = ()) -> list[Period]:
    """10-Q periods (company, fiscal year, quarter) to ask about: every ingested one, narrowed to
    ``companies`` (keys or names), or the ``periods`` given ("2023Q3"), dated by each company's calendar."""
    rows = conn.execute(
        "SELECT d.company_key, coalesce(c.name, d.company_key), c.ticker, d.fiscal_year, d.fiscal_quarter, d.period_end,"
        " d.form FROM documents d LEFT JOIN companies c ON c.key = d.company_key"
        " WHERE d.company_key IS NOT NULL AND d.fiscal_year IS NOT NULL ORDER BY 1, 4, 5").fetchall()
    want = {re.sub(r"[^A-Z0-9]", "", c.upper()) for c in companies}
    known: dict[tuple[str, int, str], date] = {}
    out: dict[tuple[str, int, str], Period] = {}
    meta: dict[str, tuple[str, str | None]] = {}
    for key, name, ticker, fy, fq, end, form in rows:
        meta[key] = (name, ticker)
        if want and not ({re.sub(r"[^A-Z0-9]", "", str(key)), re.sub(r"[^A-Z0-9]", "", str(name).upper())} & want):
            continue
        if fq in ("Q1", "Q2", "Q3", "Q4") and end is not None:
            known[(key, fy, fq)] = end
        if form == "10-Q" and fq in ("Q1", "Q2", "Q3", "Q4") and not periods:
            out[(key, fy, fq)] = Period(key, name, ticker, fy, fq, end)
    for spec in periods:
        m = re.fullmatch(r"(?i)(?:fy)?(\d{4})\s*-?\s*(q[1-4])", spec.strip())
        if not m:
            raise ConfigError(f"--periods takes values like 2023Q3 (got {spec!r})")
        for key, (name, ticker) in meta.items():
            if want and not ({re.sub(r"[^A-Z0-9]", "", key), re.sub(r"[^A-Z0-9]", "", name.upper())} & want):
                continue
            out[(key, int(m.group(1)), m.group(2).upper())] = Period(key, name, ticker, int(m.group(1)),
                                                                     m.group(2).upper(), None)
    dated = []
    for (key, fy, fq), p in sorted(out.items()):
        end = p.end or _estimate_end(known, key, fy, fq)
        dated.append(Period(p.company, p.name, p.ticker, fy, fq, end))
    return dated


def _estimate_end(known: dict[tuple[str, int, str], date], key: str, fy: int, fq: str) -> date | None:
    """The end of fiscal quarter (fy, fq) from any known quarter end of the same company."""
    for (k, y, q), end in known.items():
        if k == key:
            months = (fy - y) * 12 + (int(fq[1]) - int(q[1])) * 3
            return _shift(end, months)
    return None


# ---------------------------------------------------------------------------------------------- labels
def _column_near(columns: Sequence[Any], when: date, days: int = 20) -> Any:
    best = [c for c in columns if abs((c.date() - when).days) <= days]
    return min(best, key=lambda c: abs((c.date() - when).days)) if best else None


def label_fundamentals(frame: Any, period: Period, *, min_grew: int = 2) -> Label:
    """The seed's final rule over yfinance's ``quarterly_income_stmt`` (rows "Diluted EPS", "Total Revenue",
    "Net Income"; one column per quarter end)."""
    from finchat.answer.compose import performance_verdict

    if period.end is None:
        return Label(period, None, "no period end known for this quarter")
    cur = _column_near(list(frame.columns), period.end)
    prior = _column_near(list(frame.columns), _shift(period.end, -12))
    if cur is None:
        return Label(period, None, f"yfinance has no quarter ending near {period.end}")
    if prior is None:
        return Label(period, None, f"yfinance has no prior-year quarter for {period.end} (it keeps ~5 quarters)")
    changes: dict[str, tuple[float, float] | None] = {}
    detail: dict[str, Any] = {"columns": [cur.date().isoformat(), prior.date().isoformat()]}
    for metric, row in YAHOO_ROWS.items():
        if row not in frame.index:
            return Label(period, None, f"yfinance has no {row!r} row", detail)
        a, b = float(frame.at[row, cur]), float(frame.at[row, prior])
        if math.isnan(a) or math.isnan(b):
            return Label(period, None, f"yfinance leaves {row} NaN for {cur.date() if math.isnan(a) else prior.date()}",
                         detail)
        changes[metric] = (a, b)
        detail[metric] = [a, b]
    verdict = performance_verdict(changes, min_grew)
    grew = sum(1 for a, b in (c for c in changes.values() if c) if a > b)
    return Label(period, verdict, f"{grew} of 3 grew year over year", detail)


def label_price(history: Any, period: Period, *, min_return: float = 0.05, max_volatility: float = 0.05,
                min_volume: float = 1_000_000) -> Label:
    """The seed's first rule over daily prices: quarter close-to-close return ≥ ``min_return``, standard
    deviation of daily returns < ``max_volatility``, average daily volume > ``min_volume``."""
    if period.end is None:
        return Label(period, None, "no period end known for this quarter")
    start = _shift(period.end, -3)
    days = [d.date() for d in history.index]
    before = [i for i, d in enumerate(days) if d <= start]
    inside = [i for i, d in enumerate(days) if start < d <= period.end]
    if not before or len(inside) < 20:
        return Label(period, None, f"yfinance has too few trading days between {start} and {period.end}")
    closes = history["Close"].to_numpy()
    c0, c1 = float(closes[before[-1]]), float(closes[inside[-1]])
    window = closes[[before[-1], *inside]]
    returns = window[1:] / window[:-1] - 1
    vol = float(returns.std(ddof=1))
    volume = float(history["Volume"].to_numpy()[inside].mean())
    ret = c1 / c0 - 1
    yes = ret >= min_return and vol < max_volatility and volume > min_volume
    detail = {"return": round(ret, 6), "volatility": round(vol, 6), "avg_volume": round(volume)}
    return Label(period, "yes" if yes else "no",
                 f"return {ret:+.1%}, daily volatility {vol:.1%}, average volume {volume:,.0f}", detail)


def label_from_filings(conn: psycopg.Connection, period: Period, *, min_grew: int = 2) -> Label:
    """The same rule over the graph's statement facts of the period's 10-Q."""
    from finchat.answer.compose import PERFORMANCE, performance_verdict
    from finchat.answer.figures import FactBook, Figure
    from finchat.graph.query import facts

    row = conn.execute("SELECT name FROM documents WHERE company_key = %s AND fiscal_year = %s AND fiscal_quarter = %s"
                       " ORDER BY (form = '10-Q') DESC LIMIT 1", (period.company, period.fiscal_year, period.quarter)
                       ).fetchone()
    if row is None:
        return Label(period, None, "no filing for this period is ingested")
    book = FactBook([Figure.of(r) for r in facts(conn, [period.company], list(PERFORMANCE), documents=[row[0]],
                                                   limit=400)], "3M")
    changes: dict[str, tuple[float, float] | None] = {}
    for m in PERFORMANCE:
        cur = book.current(m)
        prior = book.year_earlier(cur) if cur else None
        changes[m] = (cur.value, prior.value) if cur and prior else None
    verdict = performance_verdict(changes, min_grew)
    if verdict is None:
        missing = [m for m, c in changes.items() if c is None]
        return Label(period, None, f"the filing's statements lack {', '.join(missing)} for both years")
    return Label(period, verdict, f"{row[0]} statements", {m: list(c) if c else None for m, c in changes.items()})


def load_labels(path: Path, periods: Sequence[Period]) -> list[Label]:
    """Labels from a JSON file in the shape of ``labels.json`` (a list of {company, fiscal_year, quarter,
    label}); periods it does not name are skipped with that reason."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        given = {(str(r["company"]).upper(), int(r["fiscal_year"]), str(r["quarter"]).upper()): r.get("label")
                 for r in rows}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError(f"--labels {path}: not a labels file (a JSON list of {{company, fiscal_year, quarter, "
                          f"label}}): {exc}") from exc
    out = []
    for p in periods:
        lab = given.get((p.company, p.fiscal_year, p.quarter))
        out.append(Label(p, lab if lab in ("yes", "no") else None, f"from {path.name}" if lab in ("yes", "no")
                         else f"{path.name} has no yes/no label for it"))
    return out


# ---------------------------------------------------------------------------------------------- the run
@dataclass
class Record:
    period: str
    company: str
    k: int
    trial: int
    label: str
    prediction: str
    answer: str


def summarise(records: Sequence[Record]) -> dict[str, Any]:
    """Per k: n, accuracy (refusals and unclear answers count as wrong), accuracy over answered questions,
    refusals, unclear, per-company accuracy, and the confusion table label × prediction."""
    out: dict[str, Any] = {}
    for k in sorted({r.k for r in records}):
        rs = [r for r in records if r.k == k]
        answered = [r for r in rs if r.prediction in ("yes", "no")]
        correct = sum(r.prediction == r.label for r in rs)
        per_company: dict[str, list[int]] = {}
        for r in rs:
            per_company.setdefault(r.company, [0, 0])
            per_company[r.company][0] += r.prediction == r.label
            per_company[r.company][1] += 1
        confusion = {lab: {pred: sum(1 for r in rs if r.label == lab and r.prediction == pred)
                           for pred in ("yes", "no", "refusal", "unclear")} for lab in ("yes", "no")}
        out[str(k)] = {"n": len(rs), "accuracy": round(correct / len(rs), 4) if rs else None,
                       "accuracy_answered": round(sum(r.prediction == r.label for r in answered) / len(answered), 4)
                       if answered else None,
                       "refusals": sum(r.prediction == "refusal" for r in rs),
                       "unclear": sum(r.prediction == "unclear" for r in rs),
                       "per_company": {c: round(a / n, 4) for c, (a, n) in sorted(per_company.items())},
                       "confusion": confusion}
    return out


def _labels(conn: psycopg.Connection, periods: list[Period], source: str, rule: str, min_grew: int,
            refresh: bool) -> list[Label]:
    from finchat import market

    if source == "filings":
        return [label_from_filings(conn, p, min_grew=min_grew) for p in periods]
    if source != "yfinance":
        return load_labels(Path(source), periods)
    out = []
    failures: list[str] = []
    for p in periods:
        if not p.ticker:
            out.append(Label(p, None, "no ticker known for this company"))
            continue
        try:
            if rule == "fundamentals":
                out.append(label_fundamentals(market.get(conn, p.ticker, "quarterly_income_stmt", refresh=refresh), p,
                                              min_grew=min_grew))
            else:
                out.append(label_price(market.get(conn, p.ticker, "history", refresh=refresh), p))
        except FinchatError as exc:
            failures.append(str(exc))
            out.append(Label(p, None, str(exc)))
    if failures and len(failures) == len([p for p in periods if p.ticker]):
        from finchat.errors import MarketDataUnavailable

        raise MarketDataUnavailable(f"no market data for any period and none cached ({failures[0]})")
    return out


def run_generation_eval(settings: Settings, *, ks: Sequence[int], trials: int = 1, no_llm: bool = False,
                        labels: str = "yfinance", rule: str = "fundamentals", companies: Sequence[str] = (),
                        periods: Sequence[str] = (), temperature: float = 0.0, seed: int = 42, min_grew: int = 2,
                        refresh: bool = False, out: Path = Path("eval/out/generation")) -> Iterator[str]:
    """Run the check; yield report lines; write labels.json, results.json and accuracy.png into ``out``.
    Raises MarketDataUnavailable (no network and no cache), ConfigError (bad options)."""
    from finchat.chat.answer import combined
    from finchat.chat.llm import stream_chat
    from finchat.chat.prompt import build_messages
    from finchat.retrieve.service import Service

    svc = Service.open(settings, writes=True)  # it caches market data
    try:
        found = ingested_periods(svc.conn, companies, periods)
        if not found:
            raise ConfigError("no 10-Q periods to ask about: ingest 10-Qs, or name --companies and --periods")
        labs = _labels(svc.conn, found, labels, rule, min_grew, refresh)
        out.mkdir(parents=True, exist_ok=True)
        (out / "labels.json").write_text(json.dumps([lab.as_json() for lab in labs], indent=1), encoding="utf-8")
        usable = [lab for lab in labs if lab.label is not None]
        mode = "no LLM (direct answers)" if no_llm else f"LLM {settings.llm_model} at temperature {temperature}, seed {seed}"
        yield (f"{len(found)} periods, {len(usable)} labelled ({labels}, rule {rule}); k = {', '.join(map(str, ks))}; "
               f"{trials} trial(s); {mode}")
        for lab in labs:
            if lab.label is None:
                yield f"  skipped {lab.period.key}: {lab.reason}"
        records: list[Record] = []
        for n, lab in enumerate(usable, start=1):
            if not no_llm:  # an LLM answer takes ~30–60 s on a CPU: say where the run is
                yield f"  [{n}/{len(usable)}] {lab.period.key}"
            for k in ks:
                res = svc.retrieve(lab.period.question, k)
                direct = svc.answer(res)
                for trial in range(1 if no_llm else trials):
                    if no_llm:
                        text = direct.text
                    else:
                        msgs = build_messages(res.question, res.hits, res.facts, computed=direct.text)
                        # judged as the analyst reads it: the direct answer first, the LLM's explanation after
                        text = combined(direct, "".join(stream_chat(
                            settings.ollama_host, settings.llm_model, msgs, timeout=settings.llm_timeout,
                            options={"temperature": temperature, "seed": seed + trial})))
                    records.append(Record(lab.period.key, lab.period.company, k, trial, str(lab.label),
                                          parse_answer(text), text[:400]))
        summary = summarise(records)
        (out / "results.json").write_text(json.dumps(
            {"mode": mode, "labels": labels, "rule": rule, "min_grew": min_grew, "temperature": temperature,
             "seed": seed, "summary": summary, "records": [asdict(r) for r in records]}, indent=1), encoding="utf-8")
        yield f"{'k':>3} {'n':>4} {'accuracy':>9} {'answered':>9} {'refusals':>9} {'unclear':>8}"
        for kk, s in summary.items():
            acc = "-" if s["accuracy"] is None else f"{s['accuracy']:.3f}"
            ans = "-" if s["accuracy_answered"] is None else f"{s['accuracy_answered']:.3f}"
            yield f"{kk:>3} {s['n']:>4} {acc:>9} {ans:>9} {s['refusals']:>9} {s['unclear']:>8}"
        if summary:
            last = summary[str(max(ks))]
            yield f"confusion at k={max(ks)} (label → predictions): " + "; ".join(
                f"{lab}: " + ", ".join(f"{p} {n}" for p, n in preds.items() if n) for lab, preds in last["confusion"].items())
            _plot(summary, out / "accuracy.png", mode)
            yield f"wrote {out / 'labels.json'}, {out / 'results.json'}, {out / 'accuracy.png'}"
    finally:
        svc.close()


def _plot(summary: dict[str, Any], path: Path, title: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    ks = [int(k) for k in summary]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(ks, [summary[str(k)]["accuracy"] for k in ks], marker="o", label="accuracy (refusals wrong)")
    ax.plot(ks, [summary[str(k)]["accuracy_answered"] or 0 for k in ks], marker="s", label="accuracy of answered")
    ax.set_xlabel("k (passages)")
    ax.set_ylabel("accuracy")
    ax.set_ylim(0, 1.05)
    ax.set_title(f"Generation check — {title}", fontsize=9)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
