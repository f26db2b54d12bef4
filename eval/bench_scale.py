#!/usr/bin/env python
"""Retrieval at scale, side by side with the seed's algorithm, in a database of its own.

For each size (chunks) a scale corpus is built in FINCHAT_SCALE_DB (default `finchat_scale`, on the same
server as FINCHAT_DATABASE_URL; dropped and re-created) from the ingested corpus: below its size a subset of
its filings; above it, all of them plus replicas under synthetic companies and shifted fiscal years (text
kept, embeddings with small noise, so near-duplicates are not identical), the graph built for every filing
(`finchat graph build`'s code), then the indexes and ANALYZE. Over FinanceBench questions about the original
companies it measures, interleaved per question:

  (a) finchat's hybrid retrieval with the question's company / period filters (no reranker, no embedding);
  (b) the same with no filters — the whole corpus through the HNSW index (HNSW_EF_SEARCH, iterative scan);
  (c) the seed's algorithm, for comparison only: cosine over every chunk of the filtered filings ordered
      without LIMIT, ts_rank over every chunk (the seed's text table has no company columns), a pandas outer
      merge, scikit-learn MinMaxScaler,
      0.8 / 0.2 weights, then one SELECT per returned chunk for its text.

Printed per size: build and index times, index sizes, p50 / p95 / max of (a), (b), (c), the ratio (c)/(a),
the graph channel's share of (a), HNSW recall@10 of (b)'s vector search against exact search, and the
Postgres backend's memory.

    python eval/bench_scale.py [--sizes 10000,100000] [--million] [--questions 60] [--both] [--measure-only]

finchat's HNSW index is the one `finchat ingest` builds (half-precision copies of the vectors unless
ingest/load.py's HNSW_HALFVEC is off); --both also builds the other kind (float32 vectors) and reports the
two indexes' sizes, build times, recall@10 and search times side by side.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
FB = ROOT.parent / "shared" / "financebench" / "financebench_open_source.jsonl"
#: Per-dimension noise on a replica's embedding: 0.022 puts a replica at cosine ~0.92 to its source
#: (1 / sqrt(1 + 384 * 0.022^2)), the median cosine between a chunk and its nearest chunk in another filing of
#: the same company in the ingested corpus (300 sampled chunks; other companies' nearest: median 0.69, never
#: above 0.95; `--calibrate`). An earlier 0.01 (cosine ~0.98) was closer than 78 % of those same-company pairs.
NOISE = 0.022
COLS = "ordinal, page_start, page_end, section, kind, text, embed_text, embedding"


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] if xs else float("nan")


def build(src_url: str, dst_url: str, admin_url: str, dbname: str, size: int, rng: np.random.Generator,
          both: bool = False, noise: float = NOISE) -> dict[str, float]:
    """(Re)create the scale database with ``size`` chunks; returns timings (s) and counts. ``noise``: the
    standard deviation, per dimension, of the Gaussian noise added to a replica's unit embedding."""
    import psycopg
    from pgvector.psycopg import register_vector
    from psycopg import sql

    from finchat.db import migrate
    from finchat.db.admin import seed_companies
    from finchat.db.pool import connect
    from finchat.graph.build import rebuild_all
    from finchat.ingest import load as loader

    t0 = time.perf_counter()
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(dbname)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(dbname)))
    src = psycopg.connect(src_url)
    register_vector(src)
    docs = src.execute("SELECT d.id, d.name, d.company_key, d.form, d.fiscal_year, d.fiscal_quarter, d.period_end,"
                       " d.page_count, (SELECT count(*) FROM chunks c WHERE c.document_id = d.id)"
                       " FROM documents d ORDER BY d.id").fetchall()
    companies = {r[0]: r[1:] for r in src.execute("SELECT key, name, ticker, aliases FROM companies").fetchall()}
    with connect(dst_url) as dst:
        migrate.migrate(dst)
        migrate.set_embedding(dst, "all-MiniLM-L6-v2", 384)
        seed_companies(dst)
        dst.commit()
        loader.drop_bulk_indexes(dst)
        register_vector(dst)
        total, replica = 0, 0
        while total < size:
            for doc_id, name, ck, form, fy, fq, pe, pages, n in docs:
                if total >= size:
                    break
                key, year = ck, fy
                if replica:  # a synthetic company and a shifted year: filters see a larger install
                    key = f"{ck}_S{replica}"
                    cname, _, _ = companies[ck]
                    dst.execute("INSERT INTO companies (key, name, ticker, aliases) VALUES (%s, %s, %s, '{}')"
                                " ON CONFLICT DO NOTHING", (key, f"{cname} S{replica}", None))
                    year = fy - (replica % 8) if fy else fy
                new_id = dst.execute(
                    "INSERT INTO documents (name, source_path, sha256, company_key, form, fiscal_year, fiscal_quarter,"
                    " period_end, page_count, parser) VALUES (%s, 'scale', 'scale', %s, %s, %s, %s, %s, %s, 'scale')"
                    " RETURNING id", (f"{name}_S{replica}" if replica else name, key, form, year, fq, pe, pages)).fetchone()[0]
                rows = src.execute(f"SELECT {COLS} FROM chunks WHERE document_id = %s ORDER BY ordinal", (doc_id,),
                                   binary=True).fetchall()
                with dst.cursor().copy(f"COPY chunks (document_id, {COLS}) FROM STDIN") as cp:
                    for r in rows:
                        emb = r[-1].to_numpy()
                        if replica:
                            emb = emb + rng.normal(0, noise, emb.shape).astype(np.float32)
                            emb /= np.linalg.norm(emb)
                        cp.write_row((new_id, *r[:-1], emb))
                total += len(rows)
                loader.store_page_vectors(dst, [new_id])
                dst.commit()
            replica += 1
        t_load = time.perf_counter()
    with connect(dst_url) as dst:  # a fresh connection: the pool's hook loads AGE now that it exists
        g = rebuild_all(dst)
        t_graph = time.perf_counter()
        dst.commit()
        dst.execute("SET maintenance_work_mem = '4GB'")  # the HNSW graph built in memory (1M chunks: ~2 GB)
        loader.build_indexes(dst)
        t_idx = time.perf_counter()
        t_other = 0.0
        if both:  # the other kind of HNSW index, for comparison
            other = ("embedding vector_cosine_ops" if loader.HNSW_HALFVEC
                     else "(embedding::halfvec(384)) halfvec_cosine_ops")
            dst.execute(f"CREATE INDEX chunks_embedding_hnsw_other ON chunks USING hnsw ({other})")
            dst.commit()
            t_other = time.perf_counter() - t_idx
        sizes = dict(dst.execute(
            "SELECT c.relname, pg_relation_size(c.oid) FROM pg_class c WHERE c.relname IN ('chunks_embedding_hnsw',"
            " 'chunks_tsv_idx', 'chunks') OR c.relname LIKE 'chunks%%hnsw%%'").fetchall())
        ndocs = dst.execute("SELECT count(*) FROM documents").fetchone()[0]
    src.close()
    return {"chunks": total, "documents": ndocs, "load_s": t_load - t0, "graph_s": t_graph - t_load,
            "index_s": t_idx - t_graph, "other_index_s": t_other, "facts": g.get("facts", 0), "sizes": sizes}


def calibrate(src_url: str, n: int = 300) -> None:
    """Print, for ``n`` sampled chunks of the ingested corpus, the cosine to the nearest other chunk of the
    same filing, of another filing of the same company, and of another company (exact search)."""
    import psycopg
    from pgvector.psycopg import register_vector

    conds = {"same filing": "c.document_id = %(doc)s",
             "same company, other filing": "d.company_key = %(co)s AND c.document_id <> %(doc)s",
             "other company": "d.company_key <> %(co)s"}
    got: dict[str, list[float]] = {k: [] for k in conds}
    with psycopg.connect(src_url) as conn:
        register_vector(conn)
        sample = conn.execute("SELECT c.id, c.document_id, d.company_key, c.embedding FROM chunks c JOIN documents d"
                              " ON d.id = c.document_id WHERE c.embedding IS NOT NULL ORDER BY md5(c.id::text)"
                              " LIMIT %s", (n,)).fetchall()
        for cid, doc, co, emb in sample:
            for kind, cond in conds.items():
                with conn.transaction():
                    conn.execute("SET LOCAL enable_indexscan = off")  # exact, not the HNSW index
                    best = conn.execute(
                        "SELECT max(1 - (c.embedding <=> %(e)s)) FROM chunks c JOIN documents d ON d.id = c.document_id"
                        f" WHERE c.id <> %(i)s AND {cond}", {"e": emb, "i": cid, "doc": doc, "co": co}).fetchone()[0]
                if best is not None:
                    got[kind].append(float(best))
    for kind, xs in got.items():
        v = np.array(xs)
        if len(v):
            print(f"{kind:28} n {len(v):4}  median {np.median(v):.3f}  p10 {np.percentile(v, 10):.3f}"
                  f"  p90 {np.percentile(v, 90):.3f}  share > 0.95 {(v > 0.95).mean():.2f}  > 0.98 {(v > 0.98).mean():.2f}")
    print(f"a replica with noise s sits at cosine 1 / sqrt(1 + 384 s^2): s {NOISE} -> "
          f"{1 / np.sqrt(1 + 384 * NOISE**2):.3f}, s 0.01 -> {1 / np.sqrt(1 + 384 * 0.01**2):.3f}")


def existing(dst_url: str) -> dict[str, float]:
    """What the scale database holds now (``--measure-only``): counts and index sizes; build times NaN."""
    from finchat.db.pool import connect

    with connect(dst_url) as dst:
        sizes = dict(dst.execute("SELECT relname, pg_relation_size(oid) FROM pg_class WHERE relname IN"
                                 " ('chunks_embedding_hnsw', 'chunks_tsv_idx', 'chunks', 'chunks_embedding_hnsw_other')").fetchall())
        chunks = dst.execute("SELECT count(*) FROM chunks").fetchone()[0]
        ndocs = dst.execute("SELECT count(*) FROM documents").fetchone()[0]
    nan = float("nan")
    return {"chunks": chunks, "documents": ndocs, "load_s": nan, "graph_s": nan, "index_s": nan,
            "other_index_s": nan, "facts": 0, "sizes": sizes}


def seed_algorithm(conn, qvec: np.ndarray, question: str, docs: list[int], k: int = 5) -> list[str]:  # type: ignore[no-untyped-def]
    """The seed blog's hybrid search, as written there: every filtered chunk scored, merged in pandas."""
    import pandas as pd
    from sklearn.preprocessing import MinMaxScaler

    vec = conn.execute("SELECT id, 1 - (embedding <=> %s) AS cosine FROM chunks WHERE document_id = ANY(%s)"
                       " ORDER BY cosine DESC", (qvec, docs)).fetchall()
    # the seed scores every row of its text table with ts_rank (that table has no company columns)
    txt = conn.execute("SELECT id, ts_rank(tsv, plainto_tsquery('english', %s)) AS rank FROM chunks",
                       (question,)).fetchall()
    df = pd.merge(pd.DataFrame(vec, columns=["id", "cosine"]), pd.DataFrame(txt, columns=["id", "rank"]),
                  on="id", how="outer").fillna(0.0)
    df[["cosine", "rank"]] = MinMaxScaler().fit_transform(df[["cosine", "rank"]])
    df["score"] = 0.8 * df["cosine"] + 0.2 * df["rank"]
    top = df.sort_values("score", ascending=False).head(k)
    return [conn.execute("SELECT text FROM chunks WHERE id = %s", (int(i),)).fetchone()[0] for i in top["id"]]


def knn(conn, qvec: np.ndarray, *, exact: bool = False, half: bool = False, ef: int = 200) -> list[tuple[int, float]]:  # type: ignore[no-untyped-def]
    """Top 10 (id, float cosine distance) through the HNSW index as finchat searches it (``ef``: the
    Retriever's ef_search, iterative scan), its halfvec twin, or exact search (index scans off)."""
    order = "embedding::halfvec(384) <=> %s::halfvec(384)" if half else "embedding <=> %s"
    with conn.transaction():
        if exact:
            conn.execute("SET LOCAL enable_indexscan = off")
        else:
            conn.execute(f"SET LOCAL hnsw.ef_search = {int(ef)}")
            conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        return [(int(r[0]), float(r[1])) for r in conn.execute(
            f"SELECT id, embedding <=> %s FROM chunks ORDER BY {order} LIMIT 10", (qvec, qvec)).fetchall()]


def recall_at_10(approx: list[tuple[int, float]], exact: list[tuple[int, float]]) -> tuple[float, float]:
    """(ids found / 10, and ann-benchmarks' recall: results within 1e-3 of the 10th exact distance / 10).
    The second does not count a swap between near-duplicates (the replicas) as a miss."""
    ids = len({i for i, _ in approx} & {i for i, _ in exact}) / 10
    tenth = exact[-1][1] if exact else 0.0
    return ids, sum(d <= tenth + 1e-3 for _, d in approx) / 10


def measure(dst_url: str, questions: list[str], recall_n: int, both: bool = False,
            seed: bool = True, warm: bool = False) -> dict[str, object]:
    from finchat.config import load_settings
    from finchat.retrieve.filters import Filters
    from finchat.retrieve.scope import scope_documents
    from finchat.retrieve.service import Service

    settings = load_settings({"FINCHAT_DATABASE_URL": dst_url})
    svc = Service.open(settings, rerank=False)
    r, conn = svc.retriever, svc.conn
    from finchat.retrieve.expand import expand_query

    a, b, c, graph, b_vec, b_txt = [], [], [], [], [], []
    from finchat.ingest.load import HNSW_HALFVEC

    kinds = ["halfvec", "float"] if both else ["halfvec" if HNSW_HALFVEC else "float"]
    recall: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds}
    search_ms: dict[str, list[float]] = {k: [] for k in kinds}
    for q in questions:
        f = r.extractor.extract(q)
        docs, _ = scope_documents(conn, f)
        if not f.companies or not docs or any(r_.startswith("company") for r_ in f.relaxed):
            continue  # the question's company has no filing in this corpus (the scope would be everything)
        qvec = r.embedder.embed_query(f.text_query or q)
        if warm:  # steady state: the question's pages already read once (a repeated or follow-up question)
            r.retrieve(q, 5, filters=f, with_facts=False)
            r.retrieve(q, 5, filters=Filters(text_query=f.text_query, metrics=f.metrics), with_facts=False)
        t = time.perf_counter()
        res = r.retrieve(q, 5, filters=f, with_facts=False)
        a.append((time.perf_counter() - t) * 1000 - res.timings_ms.get("embed", 0.0))
        t = time.perf_counter()
        res_b = r.retrieve(q, 5, filters=Filters(text_query=f.text_query, metrics=f.metrics), with_facts=False)
        b.append((time.perf_counter() - t) * 1000 - res_b.timings_ms.get("embed", 0.0))
        fb = Filters(text_query=f.text_query, metrics=f.metrics)
        wide, wide_exact = scope_documents(conn, fb)
        tq = {"tq": expand_query(fb.text_query or "", fb.intent), "skip": r.common_lexemes()}
        for chans, acc in ((("vector",), b_vec), (("text",), b_txt)):
            r.channels = chans
            t = time.perf_counter()
            r._channels(fb, wide, wide_exact, qvec, tq)
            acc.append((time.perf_counter() - t) * 1000)
        r.channels = ("vector", "text", "graph")
        if seed:
            t = time.perf_counter()
            seed_algorithm(conn, qvec, q, docs)
            c.append((time.perf_counter() - t) * 1000)
        if len(next(iter(recall.values()))) < recall_n:
            exact = knn(conn, qvec, exact=True)
            for kind in recall:
                t = time.perf_counter()
                got = knn(conn, qvec, half=kind == "halfvec", ef=r.ef_search())
                search_ms[kind].append((time.perf_counter() - t) * 1000)
                recall[kind].append(recall_at_10(got, exact))
        if f.metrics:
            from finchat.graph.query import graph_scores

            t = time.perf_counter()
            graph_scores(conn, docs, f.metrics, None, statements=f.statements)
            graph.append((time.perf_counter() - t) * 1000)
    ef = r.ef_search()
    mem = conn.execute("SELECT sum(total_bytes) FROM pg_backend_memory_contexts").fetchone()[0]
    svc.close()
    return {"n": len(a), "a": a, "b": b, "c": c, "graph": graph, "recall": recall, "backend_mem": int(mem or 0),
            "search_ms": search_ms, "b_vec": b_vec, "b_txt": b_txt, "ef": ef}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--million", action="store_true", help="Also 1,000,000 chunks (hours to build on 2 cores).")
    ap.add_argument("--questions", type=int, default=60)
    ap.add_argument("--recall", type=int, default=30, help="Questions for HNSW recall@10 against exact search.")
    ap.add_argument("--both", action="store_true",
                    help="Also build the other kind of HNSW index (float32 / halfvec) and compare the two.")
    ap.add_argument("--warm", action="store_true",
                    help="Run each question's (a) and (b) once untimed first: steady-state figures, not first-read ones.")
    ap.add_argument("--no-seed", action="store_true", help="Skip (c), the seed's algorithm (seconds per question at 1M).")
    ap.add_argument("--noise", type=float, default=NOISE,
                    help=f"Per-dimension noise on replicas' unit embeddings (default {NOISE}: cosine ~0.92 to the source).")
    ap.add_argument("--calibrate", action="store_true",
                    help="Print the ingested corpus's nearest-neighbour cosines (what --noise is chosen from) and stop.")
    ap.add_argument("--build-only", action="store_true", help="Build the last size and stop (measure later).")
    ap.add_argument("--measure-only", action="store_true",
                    help="Measure the scale database as it stands (the last size built), without rebuilding it.")
    args = ap.parse_args()

    import os

    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    from finchat.config import load_settings
    src_url = load_settings().database_url
    dbname = os.environ.get("FINCHAT_SCALE_DB", "finchat_scale")
    parts = conninfo_to_dict(src_url)
    dst_url = make_conninfo(src_url, dbname=dbname)
    admin_url = make_conninfo(src_url, dbname="postgres")
    if args.calibrate:
        calibrate(src_url)
        return
    sizes = [int(s) for s in args.sizes.split(",") if s] + ([1_000_000] if args.million else [])
    questions = [json.loads(line)["question"] for line in FB.read_text().splitlines() if line.strip()][: args.questions]
    rng = np.random.default_rng(7)
    print(f"source: {parts.get('dbname')}; scale database: {dbname}; {len(questions)} questions")
    for size in ([0] if args.measure_only else sizes):
        b = (existing(dst_url) if args.measure_only else
             build(src_url, dst_url, admin_url, dbname, size, rng, args.both, args.noise))
        if args.build_only:
            print(f"built {b['chunks']:,} chunks in {dbname}: load {b['load_s']:.0f} s, graph {b['graph_s']:.0f} s,"
                  f" indexes {b['index_s']:.0f} s")
            continue
        m = measure(dst_url, questions, args.recall, args.both, not args.no_seed, args.warm)
        a, bb, c = m["a"], m["b"], m["c"]  # type: ignore[index]
        mb = {k: v / 2**20 for k, v in b["sizes"].items()}  # type: ignore[union-attr]
        print(f"\n== {b['chunks']:,} chunks, {b['documents']:,} filings, {b['facts']:,} facts: load {b['load_s']:.0f} s,"
              f" graph {b['graph_s']:.0f} s, indexes {b['index_s']:.0f} s; sizes (MB) " +
              ", ".join(f"{k} {v:.0f}" for k, v in sorted(mb.items())))
        for label, xs in (("(a) finchat, filtered", a), ("(b) finchat, no filters (HNSW)", bb),
                          ("  (b) vector channel alone", m["b_vec"]), ("  (b) text channel alone", m["b_txt"]),
                          ("(c) seed algorithm", c), ("graph channel alone, (a)", m["graph"])):
            print(f"  {label:32} p50 {pct(xs, 0.5):8.1f}  p95 {pct(xs, 0.95):8.1f}  max {max(xs) if xs else float('nan'):8.1f} ms")  # type: ignore[arg-type]
        print(f"  (c)/(a) at p50: {pct(c, 0.5) / pct(a, 0.5) if c else float('nan'):.0f}x   backend memory {m['backend_mem'] / 2**20:.0f} MB"  # type: ignore[arg-type]
              f"   questions {m['n']}")
        for kind, rows in m["recall"].items():  # type: ignore[attr-defined]
            if not rows:  # --recall 0
                continue
            rec = np.mean(rows, axis=0)
            ms = m["search_ms"][kind]  # type: ignore[index]
            print(f"  {kind} HNSW: recall@10 against exact search, ids {rec[0]:.3f}, within 1e-3 of the 10th distance "
                  f"{rec[1]:.3f} over {len(rows)} questions (ef_search {m['ef']}, iterative scan); vector search alone p50 "
                  f"{pct(ms, 0.5):.1f} p95 {pct(ms, 0.95):.1f} ms")
        if args.both:
            print(f"  the other HNSW index built in {b['other_index_s']:.0f} s")


if __name__ == "__main__":
    main()
