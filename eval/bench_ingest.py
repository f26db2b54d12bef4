#!/usr/bin/env python
"""Ingestion benchmark: parse pages/s (across processes), embedding chunks/s (MiniLM; a BERT-base-sized
encoder such as FinBERT), load rows/s (binary COPY into a throw-away database), peak memory.

    python eval/bench_ingest.py --limit 6                 # six filings from ../shared/financebench/pdfs
    python eval/bench_ingest.py --files '*10Q*' --jobs 2
"""

from __future__ import annotations

import argparse
import os
import resource
import secrets
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PDFS = ROOT.parent / "shared" / "financebench" / "pdfs"


def _parse(path: str):  # module level: runs in worker processes
    from finchat.ingest.parse import parse_local

    return parse_local(Path(path))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pdfs", type=Path, default=PDFS)
    ap.add_argument("--files", default="*.pdf", help="glob inside --pdfs")
    ap.add_argument("--limit", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--embed-sample", type=int, default=400)
    args = ap.parse_args()

    files = sorted(args.pdfs.glob(args.files))[: args.limit]
    if not files:
        raise SystemExit(f"no PDFs match {args.pdfs / args.files}")
    print(f"{len(files)} filings, {args.jobs} parser processes")

    t = time.perf_counter()
    from finchat.ingest.parse import init_worker

    with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn"), initializer=init_worker) as pool:
        docs = list(pool.map(_parse, [str(f) for f in files]))
    dt = time.perf_counter() - t
    pages = sum(d.page_count for d in docs)
    print(f"parse:  {pages} pages in {dt:.1f} s = {pages / dt:.2f} pages/s")

    from finchat.ingest.chunk import chunk_pages
    from finchat.ingest.embed import Embedder

    minilm = Embedder.load("all-MiniLM-L6-v2")
    tok = minilm.tokenizer

    def count(xs):
        return [len(i) for i in tok(list(xs), add_special_tokens=True, truncation=False, verbose=False)["input_ids"]]

    t = time.perf_counter()
    chunks = [c for d in docs for c in chunk_pages(d.pages, count, minilm.max_tokens)]
    print(f"chunk:  {len(chunks)} chunks in {time.perf_counter() - t:.1f} s")
    texts = [c.embed_text for c in chunks]
    sample = texts[: args.embed_sample]
    minilm.embed(sample[:16])  # warm-up
    t = time.perf_counter()
    minilm.embed(sample)
    backend = "onnxruntime" if minilm.onnx is not None else "torch"
    print(f"embed:  MiniLM ({backend}) {len(sample) / (time.perf_counter() - t):.1f} chunks/s "
          f"(avg {np.mean(count(sample)):.0f} tokens)")

    with tempfile.TemporaryDirectory() as tmp:
        from transformers import BertConfig, BertModel, BertTokenizerFast

        (Path(tmp) / "vocab.txt").write_text("\n".join(tok.convert_ids_to_tokens(list(range(tok.vocab_size)))))
        BertTokenizerFast(vocab_file=str(Path(tmp) / "vocab.txt")).save_pretrained(tmp)
        BertModel(BertConfig(vocab_size=tok.vocab_size)).save_pretrained(tmp)  # 768 x 12 layers, like FinBERT
        base = Embedder.load(tmp)
        small = sample[:120]
        base.embed(small[:8])
        t = time.perf_counter()
        base.embed(small)
        print(f"embed:  BERT-base-sized ({'onnxruntime' if base.onnx is not None else 'torch'}, 512 tokens max) "
              f"{len(small) / (time.perf_counter() - t):.1f} chunks/s")

    import psycopg

    from finchat.config import load_settings
    from finchat.db import migrate
    from finchat.db.pool import configure, connect
    from finchat.ingest.load import load_document
    from finchat.ingest.naming import meta_from_path

    server = os.environ.get("FINCHAT_TEST_DATABASE_URL") or load_settings().database_url
    name = f"finchat_bench_{secrets.token_hex(3)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(name)))
    try:
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        url = make_conninfo(**{**conninfo_to_dict(server), "dbname": name})
        with connect(url) as conn:
            migrate.migrate(conn)
            migrate.set_embedding(conn, "all-MiniLM-L6-v2", 384)
            configure(conn)  # the vector type exists only now: register it for binary COPY
            rng = np.random.default_rng(0)
            per_doc = [[c for c in chunk_pages(d.pages, count, minilm.max_tokens)] for d in docs]
            t = time.perf_counter()
            rows = 0
            for f, d, cs in zip(files, docs, per_doc, strict=True):
                vecs = rng.standard_normal((len(cs), 384)).astype(np.float32)
                load_document(conn, meta_from_path(f), source_path=str(f), sha256=d.sha256, page_count=d.page_count,
                              parser=d.parser, chunks=cs, vectors=vecs)
                conn.commit()
                rows += len(cs)
            dt = time.perf_counter() - t
            print(f"load:   {rows} chunks in {dt:.2f} s = {rows / dt:.0f} rows/s (binary COPY, GIN maintained)")
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(psycopg.sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(psycopg.sql.Identifier(name)))

    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"memory: peak RSS {me:.0f} MiB (this process), {kids:.0f} MiB (largest parser process)")


if __name__ == "__main__":
    main()
