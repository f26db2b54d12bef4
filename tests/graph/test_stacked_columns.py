"""A text table of values whose columns two stacked header lines name, dated by the sentence introducing it, split
over chunks by the PDF's text layer (graph/stackedcols.py, graph/textcells.py). Figures made up."""

from __future__ import annotations

from datetime import date

from finchat.graph.stackedcols import stacked_cells, stacked_header
from finchat.graph.textcells import text_table_rows

INTRO = ("Cash equivalents consist of highly liquid securities. Cash, cash equivalents and short-term investments "
         "consisted of the following as of December 1, 2023:\n\n**Amortized** **Unrealized** **Unrealized** **Estimated**")
HEADER = "_(in millions)_ **Cost** **Gains** **Losses** **Fair Value**\n\nCurrent assets: Cash $ 512 $ — $ — $ 512 Cash equivalents:"
ROWS = ("(in millions)\n\nCorporate debt securities 21 — — 21 Money market funds 2,710 — — 2,710 Total cash equivalents "
        "2,731 — — 2,731 Short-term fixed income securities:\n\nU.S. Treasury securities 388 1 (12) 377 Total short-term "
        "investments 388 1 (12) 377")


def test_two_stacked_header_lines_name_the_columns_and_the_introduction_dates_them():
    found = stacked_header(INTRO, HEADER)
    assert found is not None
    header, start = found
    assert header.names == ("Amortized Cost", "Unrealized Gains", "Unrealized Losses", "Estimated Fair Value")
    assert header.as_of == date(2023, 12, 1) and header.scale == "millions"
    assert header.intro.startswith("Cash, cash equivalents and short-term investments consisted")
    first, heading = stacked_cells(HEADER[start:], header)
    assert heading == "Cash equivalents"
    assert {(c.row_path, c.col_label.split(" — ")[0], c.printed) for c in first} == {
        ("Current assets › Cash", "Amortized Cost", "512"), ("Current assets › Cash", "Estimated Fair Value", "512")}
    # (the heading the chunk before ended on heads the rows this one starts with)
    rows = {(c.row_path, c.col_label.split(" — ")[0]): (c.value, c.as_of, c.unit)
            for c in stacked_cells(ROWS, header, heading)[0]}
    assert rows[("Cash equivalents › Money market funds", "Estimated Fair Value")] == (2710.0, date(2023, 12, 1), "USD")
    assert rows[("Short-term fixed income securities › U.S. Treasury securities", "Unrealized Losses")][0] == -12.0
    assert rows[("Total short-term investments", "Unrealized Gains")][0] == 1.0


def test_no_date_or_lines_of_different_widths_give_no_header():
    assert stacked_header("The following table shows our investments:\n\n**Amortized** **Unrealized** **Estimated**",
                          HEADER) is None
    assert stacked_header(INTRO.replace("**Estimated**", ""), HEADER) is None


def test_the_header_carries_to_the_chunks_after_it():
    chunks = [(1, "text", "NOTE 4. CASH", INTRO, 69), (2, "text", "NOTE 4. CASH", HEADER, 69),
              (3, "text", "NOTE 4. CASH", ROWS, 69)]
    cells = text_table_rows(chunks, date(2023, 12, 1), "10-K")
    money = [(cid, cell.row_path, cell.col_label) for cid, _, _, cell in cells if cell.row_label == "Money market funds"]
    assert (3, "Cash equivalents › Money market funds", "Estimated Fair Value — As of December 1, 2023") in money
    assert all(caption.startswith("NOTE 4. CASH Cash, cash equivalents") for cid, _, caption, _ in cells if cid == 3)
