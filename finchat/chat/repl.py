"""`finchat chat`: the analyst's REPL (prompt-toolkit), streaming Ollama answers with citations.

Keys: Enter sends; Alt-Enter (or Esc, Enter) inserts a new line; Ctrl-C cancels the answer being
streamed (or clears the line); Ctrl-D or /quit leaves. History persists in $XDG_STATE_HOME/finchat/history.
When Ollama is down or the model is not pulled, the REPL says so once, with the fix, answers from the
facts and passages, and tries the LLM again on the next question. No failure ends the session: a lost
database connection is retried once (the service reconnects), any other error is one line and the prompt
comes back with the conversation kept (``FINCHAT_DEBUG=1`` prints the traceback too).
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion, WordCompleter
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from finchat.chat.answer import check_llm, contradictions, flag_line
from finchat.chat.llm import stream_chat
from finchat.chat.ollama_status import check_ollama
from finchat.chat.prompt import build_messages, cited
from finchat.chat.session import ChatState, follow_up
from finchat.errors import FinchatError, LLMUnavailable
from finchat.retrieve.service import Service, snippet_lines

COMMANDS = {
    "/help": "this help",
    "/k N": "passages per answer (now {k})",
    "/filters": "what the extractor found, what was carried over or relaxed",
    "/sources": "full text of the passages behind the last answer",
    "/explain": "vector / text / graph / page-context / fused scores per passage, and timings",
    "/facts": "graph facts matching the last question",
    "/model NAME": "switch the Ollama model (now {model})",
    "/weights V T G": "fusion weights vector, text, graph (now {weights})",
    "/reset": "forget the conversation's scope",
    "/quit": "leave (or Ctrl-D)",
}


def history_path() -> Path:
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return base / "finchat" / "history"


class _Completer(Completer):
    """Slash commands at the start of the line, company names anywhere."""

    def __init__(self, companies: list[str]) -> None:
        self.words = WordCompleter(companies, ignore_case=True, sentence=True)

    def get_completions(self, document: Any, complete_event: Any) -> Any:
        text = document.text_before_cursor
        if text.startswith("/") and " " not in text:
            for cmd in COMMANDS:
                name = cmd.split()[0]
                if name.startswith(text):
                    yield Completion(name, start_position=-len(text))
            return
        yield from self.words.get_completions(document, complete_event)


#: What an empty database gets instead of a scope to ask about.
NO_FILINGS = ("No filings stored yet: copy 10-K / 10-Q / earnings-release PDFs (or EDGAR .htm filings) into "
              "pdf_files/ (names: pdf_files/README.md), or fetch them by ticker (`finchat fetch NVDA`, or "
              "`make chat TICKERS=NVDA`), then run `make chat` again or `finchat ingest pdf_files/`.")


class Repl:
    """One chat session. ``input``/``output`` let tests drive it through prompt-toolkit pipes."""

    def __init__(self, service: Service, settings: Any, *, console: Console | None = None,
                 input: Any = None, output: Any = None, history_file: Path | None = None) -> None:
        self.svc = service
        self.settings = settings
        self.model = settings.llm_model
        self.state = ChatState()
        self.console = console or Console(highlight=False)
        self.llm_notice_shown = False
        self.partial = False  # whether the answer being streamed has shown any text yet
        self.llm_state = "checking"  # ready / unreachable / not pulled / failed (the toolbar shows it)
        companies = [r[0] for r in service.call(lambda: service.conn.execute(
            "SELECT DISTINCT c.name FROM companies c JOIN documents d ON d.company_key = c.key ORDER BY 1").fetchall())]
        self.empty = not service.call(lambda: service.conn.execute(
            "SELECT count(*) FROM (SELECT 1 FROM documents LIMIT 1) d").fetchall()[0][0])
        kb = KeyBindings()

        @kb.add("escape", "enter")
        def _newline(event: Any) -> None:
            event.current_buffer.insert_text("\n")

        hist: Any = InMemoryHistory()
        path = history_file if history_file is not None else history_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            hist = FileHistory(str(path))
        except OSError:
            pass
        self.session: PromptSession[str] = PromptSession(
            history=hist, completer=_Completer(companies), key_bindings=kb, bottom_toolbar=self._toolbar,
            input=input, output=output, complete_while_typing=False)

    # ------------------------------------------------------------------ loop
    def run(self) -> None:
        self.console.print("[bold]finchat[/bold] — ask about the ingested filings. /help for commands, Ctrl-D to leave.")
        if self.empty:
            self.console.print(NO_FILINGS, markup=False, highlight=False, soft_wrap=True)
        self._check_llm_in_background()
        while True:
            try:
                line = self.session.prompt("finchat> ")
            except KeyboardInterrupt:
                continue
            except EOFError:
                break
            if self.handle(line) == "quit":
                break

    def handle(self, line: str) -> str | None:
        """One line of input: a slash command or a question. Never raises: Ctrl-C cancels the answer, a
        finchat error is one line, anything else one line too (with the traceback under FINCHAT_DEBUG=1);
        the conversation is kept either way. Returns "quit" when the analyst leaves."""
        line = line.strip()
        if not line:
            return None
        try:
            if line.startswith("/"):
                return self.command(line)
            self.ask(line)
        except KeyboardInterrupt:
            self.console.print("\n[yellow]cancelled[/yellow]")
        except FinchatError as exc:
            self.console.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        except Exception as exc:  # noqa: BLE001 - a bug or an unforeseen failure must not end the session
            if os.environ.get("FINCHAT_DEBUG", "0") not in ("", "0"):
                self.console.print_exception()
            first = (str(exc).strip().splitlines() or [""])[0][:200]
            self.console.print(f"[red]error:[/red] unexpected {type(exc).__name__}: {escape(first)} — the chat goes "
                               "on; FINCHAT_DEBUG=1 shows the traceback", highlight=False, soft_wrap=True)
        return None

    def _check_llm_in_background(self) -> None:
        """Fill the toolbar's LLM state without delaying the prompt (GET /api/tags, 2 s at most)."""
        def check() -> None:
            if self.llm_state == "checking":
                self.llm_state = check_ollama(self.settings.ollama_host, self.model).state
        threading.Thread(target=check, daemon=True).start()

    def _toolbar(self) -> str:
        scope = self.state.last_scope_label or "no question yet"
        llm = {"ready": f"LLM {self.model}", "checking": f"LLM {self.model} (checking)",
               "unreachable": "LLM unreachable: answers from the filings",
               "not pulled": f"LLM {self.model} not pulled: answers from the filings",
               "failed": f"LLM {self.model} failed last time"}.get(self.llm_state, self.llm_state)
        w = self.svc.retriever.weights
        return (f" scope: {scope} | k={self.state.k} | {llm} | "
                f"weights v{w['vector']:.2f} t{w['text']:.2f} g{w['graph']:.2f} | Alt-Enter: new line")

    # ------------------------------------------------------------------ questions
    def ask(self, question: str) -> None:
        t0 = time.perf_counter()
        extracted = self.svc.retriever.extractor.extract(question)
        asked, carried = follow_up(extracted, self.state.last)
        res = self.svc.retrieve(question, self.state.k, filters=replace(asked, relaxed=[]))
        direct = self.svc.answer(res) if res.hits else None
        messages = build_messages(question, res.hits, res.facts, computed=direct.text if direct else "")
        res.timings_ms["prompt"] = round((time.perf_counter() - t0) * 1000 - res.timings_ms.get("total", 0), 2)
        res.timings_ms["before_llm"] = round((time.perf_counter() - t0) * 1000, 2)
        # the next follow-up leans on what was asked (a company that is missing stays missing)
        self.state.last, self.state.last_hits, self.state.last_facts = asked, res.hits, res.facts
        self.state.last_timings, self.state.last_question = res.timings_ms, question
        self.state.last_scope_label = res.scope() or ("nothing found" if not res.missing else "company not ingested")
        self.state.last_relaxed = list(res.filters.relaxed)
        if carried:
            self.console.print(f"[dim](carried over: {'; '.join(carried)})[/dim]", highlight=False)
        if res.filters.relaxed:
            self.console.print(f"[dim](relaxed: {'; '.join(res.filters.relaxed)})[/dim]", highlight=False)
        if res.notice:
            self.console.print(res.notice, markup=False, highlight=False, soft_wrap=True)
        if not res.hits:
            if not res.notice:
                self.console.print("No passages found for that scope. Is anything ingested? (`finchat db status`)")
            return
        # the direct answer's verdict and figures first; the LLM's text follows as the explanation
        shown = direct is not None and direct.source != "none" and bool(direct.text.strip())
        if shown and direct is not None:
            self.console.print(direct.text, markup=False, highlight=False, soft_wrap=True)
        try:
            answer = self._stream(messages, prefix="\nExplanation (LLM): " if shown else "")
        except LLMUnavailable as exc:
            self.llm_state = exc.state
            if self.partial:  # what streamed stays on screen; say why it stopped, then the filings' answer
                self.console.print(f"[yellow]LLM stopped mid-answer:[/yellow] {escape(str(exc))}. "
                                   + ("The answer from the filings is above; its sources:" if shown else
                                      "The answer from the filings:"), highlight=False)
            elif not self.llm_notice_shown:
                self.console.print(f"[yellow]LLM unavailable:[/yellow] {exc}. Answering from the filings without "
                                   "an LLM; I will try the LLM again on the next question.", highlight=False)
                self.llm_notice_shown = True
            self._fallback(res, direct, shown=shown)
            return
        self.llm_notice_shown = False
        self.llm_state = "ready"
        flagged = check_llm(answer, res, direct)
        if flagged:
            self.console.print(f"[yellow]{escape(flag_line(flagged))}[/yellow]", highlight=False, soft_wrap=True)
        for c in contradictions(answer, direct):
            self.console.print(f"[yellow]Flagged: {escape(c)}.[/yellow]", highlight=False, soft_wrap=True)
        nums = cited(answer, len(res.hits))
        self.console.print("")
        self.console.print("[bold]Sources:[/bold]")
        for n in nums or range(1, len(res.hits) + 1):
            self.console.print(f"  [{n}] {res.hits[n - 1].citation()}", markup=False)
        if not nums:
            self.console.print("[dim](the answer cites no source; the passages it was given are listed)[/dim]")

    def _fallback(self, res: Any, direct: Any, shown: bool = False) -> None:
        """The no-LLM answer: the direct answer (unless ``shown`` already), then short cited snippets (/sources
        shows the passages)."""
        if not shown:
            self.console.print(direct.text, markup=False, highlight=False, soft_wrap=True)
        self.console.print("[bold]Sources[/bold] [dim](/sources: the full passages; /facts: the statement figures)[/dim]")
        for line in snippet_lines(res, answer=direct):
            self.console.print(line, markup=False, highlight=False, overflow="ellipsis", no_wrap=True)

    def _stream(self, messages: list[dict[str, str]], prefix: str = "") -> str:
        """Print the answer as it streams (``prefix`` before its first piece); Ctrl-C stops it
        (KeyboardInterrupt propagates to run())."""
        parts: list[str] = []
        out: IO[str] = self.console.file
        self.partial = False
        try:
            for piece in stream_chat(self.settings.ollama_host, self.model, messages,
                                     timeout=self.settings.llm_timeout):
                if not parts and prefix:
                    out.write(prefix)
                parts.append(piece)
                self.partial = True
                out.write(piece)
                out.flush()
        finally:
            out.write("\n")
        return "".join(parts)

    # ------------------------------------------------------------------ slash commands
    def command(self, line: str) -> str | None:
        cmd, _, arg = line.partition(" ")
        arg = arg.strip()
        st = self.state
        if cmd in ("/quit", "/exit"):
            return "quit"
        if cmd == "/help":
            w = self.svc.retriever.weights
            fill = {"k": st.k, "model": self.model, "weights": f"{w['vector']:.2f} {w['text']:.2f} {w['graph']:.2f}"}
            for name, doc in COMMANDS.items():
                self.console.print(f"  {name:16} {doc.format(**fill)}", markup=False)
            self.console.print("  Enter sends; Alt-Enter (or Esc, Enter) inserts a new line; Ctrl-C cancels an answer.")
        elif cmd == "/k":
            if arg.isdigit() and 1 <= int(arg) <= 50:
                st.k = int(arg)
                self.console.print(f"k = {st.k}")
            else:
                self.console.print("usage: /k N (1–50)")
        elif cmd == "/filters":
            f = st.last
            if f is None:
                self.console.print("no question yet")
            else:
                self.console.print(f"asked: companies {f.companies or '-'}; not ingested {f.unknown or '-'}; years "
                                   f"{f.years or '-'}; quarters {f.quarters or '-'}; forms {f.forms or '-'}; metrics "
                                   f"{f.metrics or '-'}; statements {f.statements or '-'}; segments {f.segments or '-'}; "
                                   f"intent {f.intent}{'; non-GAAP measure' if f.non_gaap else ''}"
                                   f"{'; cover page' if f.cover else ''}"
                                   f"{'; dates ' + ', '.join(d.isoformat() for d in f.dates) if f.dates else ''}\n"
                                   f"searched: {st.last_scope_label or '-'}; relaxed: {'; '.join(st.last_relaxed) or 'nothing'}",
                                   markup=False)
        elif cmd == "/sources":
            if not st.last_hits:
                self.console.print("no answer yet")
            for h in st.last_hits:
                self.console.print(f"[bold][{h.rank}] {h.citation()}[/bold] — {h.section or h.kind}")
                self.console.print(Markdown(h.text))
        elif cmd == "/explain":
            self._explain()
        elif cmd == "/facts":
            if not st.last_facts:
                self.console.print("no graph facts for the last question (it needs a company and a metric)")
            for fct in st.last_facts:
                self.console.print(f"  • {fct.shown()}", markup=False)
        elif cmd == "/model":
            if arg:
                self.model = arg
                self.console.print(f"model = {arg}")
            else:
                self.console.print(f"model = {self.model} (usage: /model NAME)")
        elif cmd == "/weights":
            try:
                vals = [float(x) for x in arg.replace(",", " ").split()]
                if len(vals) != 3 or any(v < 0 for v in vals) or sum(vals) == 0:
                    raise ValueError
            except ValueError:
                self.console.print("usage: /weights V T G (three non-negative numbers)")
            else:
                self.svc.retriever.weights = dict(zip(("vector", "text", "graph"), vals, strict=True))
                self.console.print(f"weights = {vals}")
        elif cmd == "/reset":
            st.reset()
            self.console.print("scope forgotten")
        else:
            self.console.print(f"unknown command {cmd}; /help lists them", markup=False)
        return None

    def _explain(self) -> None:
        st = self.state
        if not st.last_hits:
            self.console.print("no answer yet")
            return
        t = Table(title=f"Scores for: {st.last_question}",
                  caption="each channel min-max normalised over all candidates; vector and page scores use the "
                          "question moved one feedback step towards the best first-pass passage")
        # bonuses, shown when a hit has one: "recency", the latest filing's on outlook questions, and "cover",
        # the cover page's on questions about what it states (retrieve/hybrid.py RECENCY_BONUS, COVER_BONUS)
        bonuses = tuple(b for b in ("recency", "cover") if any(b in h.scores for h in st.last_hits))
        scores = ("vector", "text", "graph", "page", *bonuses, "fused")
        for col in ("#", "source", "kind", *scores):
            t.add_column(col, justify="right" if col in scores else "left")
        for h in st.last_hits:
            s = h.scores
            t.add_row(str(h.rank), h.citation(), h.kind, *(f"{s.get(c, 0):.3f}" for c in scores))
        self.console.print(t)
        tm = st.last_timings
        self.console.print("timings (ms): " + ", ".join(f"{k} {v:.1f}" for k, v in tm.items()), markup=False)


def run_chat(settings: Any, **kwargs: Any) -> None:
    """Open the service and run the REPL until the analyst leaves."""
    svc = Service.open(settings)
    try:
        Repl(svc, settings, **kwargs).run()
    finally:
        svc.close()
