"""Cold-start cost of the commands an analyst types: CPU seconds (user + system) and wall seconds.

    python eval/bench_startup.py [--repeat 5] [--question "..."]

Runs each command as a fresh process against the configured database (FINCHAT_DATABASE_URL; something
must be ingested): `finchat --help`, `finchat ask --no-llm QUESTION`, `finchat doctor`, and `finchat chat`
up to its prompt (in a pseudo-terminal; Ctrl-D is sent as soon as "finchat>" appears, so the figure is
start-up plus an immediate exit). Prints the median and worst of the repeats, and the targets
(ask --no-llm ≤ 1.5 CPU-s, chat to its prompt ≤ 2 CPU-s).
"""

from __future__ import annotations

import argparse
import math
import os
import pty
import select
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGETS = {"ask --no-llm": 1.5, "chat (to prompt)": 2.0}


def finchat_exe() -> str:
    here = Path(sys.executable).parent / "finchat"
    return str(here) if here.exists() else (shutil.which("finchat") or "finchat")


def run_plain(argv: list[str]) -> tuple[float, float, int]:
    """(CPU-s, wall-s, exit code) of one run with its output discarded."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, time.perf_counter() - t0, p.returncode


def run_chat_to_prompt(argv: list[str], timeout: float = 60.0) -> tuple[float, float, int]:
    """(CPU-s, wall-s to the prompt, exit code) of `finchat chat` in a pseudo-terminal."""
    master, slave = pty.openpty()
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, close_fds=True,
                         env={**os.environ, "TERM": "xterm", "COLUMNS": "120", "LINES": "40"})
    os.close(slave)
    seen = b""
    wall = float("nan")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
            if b"finchat>" in seen:
                wall = time.perf_counter() - t0
                os.write(master, b"\x04")  # Ctrl-D: leave
                break
        if p.poll() is not None:
            break
    # keep draining so the child never blocks on a full terminal buffer while it exits
    while p.poll() is None:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                break
    _, status, ru = os.wait4(p.pid, 0) if p.returncode is None else (0, 0, None)  # type: ignore[assignment]
    os.close(master)
    cpu = ru.ru_utime + ru.ru_stime if ru is not None else float("nan")
    if math.isnan(wall):
        print("  chat never showed its prompt; output was:\n" + seen.decode(errors="replace")[-600:], file=sys.stderr)
    return cpu, wall, p.returncode if p.returncode is not None else os.waitstatus_to_exitcode(status)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--question", default="What was Apple's revenue in Q3 2023?")
    args = ap.parse_args()
    exe = finchat_exe()
    cases = {
        "--help": lambda: run_plain([exe, "--help"]),
        "ask --no-llm": lambda: run_plain([exe, "ask", "--no-llm", args.question]),
        "doctor": lambda: run_plain([exe, "doctor"]),
        "chat (to prompt)": lambda: run_chat_to_prompt([exe, "chat"]),
    }
    print(f"{'command':18} {'CPU-s p50':>10} {'CPU-s max':>10} {'wall-s p50':>11}  target")
    for name, fn in cases.items():
        runs = [fn() for _ in range(args.repeat)]
        cpu = [r[0] for r in runs]
        wall = [r[1] for r in runs]
        codes = sorted({r[2] for r in runs})
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            verdict = f"≤ {target} CPU-s — {'met' if statistics.median(cpu) <= target else 'NOT met'}"
        print(f"{name:18} {statistics.median(cpu):10.2f} {max(cpu):10.2f} {statistics.median(wall):11.2f}  {verdict}"
              + (f"  (exit codes {codes})" if codes != [0] else ""))


if __name__ == "__main__":
    main()
