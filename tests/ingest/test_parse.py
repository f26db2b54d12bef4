"""The local parser on PDFs generated here, and its refusals."""

from pathlib import Path

import pytest

from finchat.errors import IngestError
from finchat.ingest.parse import from_cache_text, parse_local, read_cache, sha256_of, to_cache_text, write_cache
from tests.pdfgen import make_encrypted, make_filing, make_scanned


@pytest.fixture(scope="module")
def filing(tmp_path_factory):
    return make_filing(tmp_path_factory.mktemp("pdf") / "TESTCO_2023Q3_10Q.pdf")


@pytest.fixture(scope="module")
def parsed(filing):
    return parse_local(filing)


def test_pages_and_tables(parsed):
    assert parsed.page_count == 7
    assert "FORM 10-Q" in parsed.pages[0]
    table_pages = [i + 1 for i, p in enumerate(parsed.pages) if "|Net sales|$ 81,797|$ 82,959|" in p.replace(" |", "|")]
    assert table_pages == [3]
    assert "Diluted earnings per share" in parsed.pages[3]  # the table continues on page 4
    assert "SIGNATURES" in parsed.pages[6]


def test_text_in_a_ruled_table_on_a_prose_page_is_kept(tmp_path):
    """A table drawn as boxed cells on a page of prose (classic mode) keeps its labels and numbers."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Net sales by segment for the quarter are shown below.", fontsize=10)
    y = 120
    for label, now, before in [("Aeronautics", "6,875", "5,862"), ("Space", "3,166", "2,825"),
                               ("Total net sales", "16,693", "15,446")]:
        for x0, x1 in ((70, 320), (320, 420), (420, 520)):
            page.draw_rect(pymupdf.Rect(x0, y - 11, x1, y + 4), color=(0, 0, 0), width=0.6)
        page.insert_text((74, y), label, fontsize=9)
        page.insert_text((330, y), now, fontsize=9)
        page.insert_text((430, y), before, fontsize=9)
        y += 15
    page.insert_text((72, y + 30), "Prose after the table continues here.", fontsize=10)
    path = tmp_path / "ruled.pdf"
    doc.save(path)
    text = parse_local(path).pages[0]
    assert "Aeronautics 6,875 5,862" in text and "Total net sales 16,693 15,446" in text
    assert "Prose after the table" in text


def test_cache_round_trip_and_sha_check(parsed, filing, tmp_path):
    assert from_cache_text(to_cache_text(parsed)) == parsed
    md = tmp_path / "x" / "TESTCO.md"
    write_cache(md, parsed)
    assert read_cache(md, sha256_of(filing)) == parsed
    assert read_cache(md, "0" * 64) is None          # another version of the PDF
    assert read_cache(md, sha256_of(filing), parsed.parser) == parsed
    assert read_cache(md, sha256_of(filing), parsed.parser.split("/")[0] + "/999") is None  # another parser version
    assert read_cache(md, sha256_of(filing), "llamaparse") == parsed  # another parser: kept
    md.write_text(md.read_text()[:-200])              # truncated file
    assert read_cache(md, sha256_of(filing)) is None


@pytest.mark.parametrize("maker, message", [
    (lambda p: p.write_bytes(b"%PDF-1.7\n garbage that is not a pdf"), "corrupt PDF"),
    (lambda p: p.write_text("just some text"), "not a PDF"),
    (lambda p: p.write_bytes(b""), "not a PDF"),
    (make_encrypted, "encrypted PDF"),
    (make_scanned, "no text layer"),
])
def test_bad_files_are_one_line_errors(tmp_path, maker, message):
    path = tmp_path / "bad.pdf"
    maker(path)
    with pytest.raises(IngestError, match=message) as info:
        parse_local(path)
    assert "\n" not in str(info.value)


def test_unreadable_path_is_an_error(tmp_path):
    with pytest.raises(IngestError, match="cannot read"):
        parse_local(tmp_path / "missing.pdf", sha="0" * 64)


def test_parser_workers_run_onnx_on_one_thread_without_spinning(tmp_path):
    # in a fresh interpreter: the patch is process-wide, as in a parser worker
    import subprocess
    import sys

    code = """
import onnx, onnxruntime as ort
from onnx import TensorProto, helper
from finchat.ingest.parse import limit_onnx_threads
x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])
g = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "g", [x],
                      [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])])
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
m.ir_version = 8
default = ort.InferenceSession(m.SerializeToString())
limit_onnx_threads(); limit_onnx_threads()  # idempotent
s = ort.InferenceSession(m.SerializeToString())
o = s.get_session_options()
print(default.get_session_options().intra_op_num_threads, o.intra_op_num_threads,
      o.get_session_config_entry("session.intra_op.allow_spinning"))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "1", "0"], out.stderr
