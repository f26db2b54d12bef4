"""Two tables of one label, each of a fiscal year its introduction names ("… debt repayments during fiscal 2020:",
then "… during fiscal 2019:", the second introduction ending the passage before its rows), and a number asked in words
that a row prints in digits — against the real database, on passages and cells stored as the chunker and the graph
write them. Figures made up."""

from finchat.answer.cellrows import _rows
from finchat.answer.labelled import labelled_figure
from tests.answer.test_marked_schedule import _stored

FIRST = ("The following table provides details of debt repayments during fiscal 2020:\n\n(Amounts in millions)\n\n"
         "October 20, 2019 $1,200 Fixed 1.750% 1,200\n\n**Total repayment of matured debt** $ 1,907\n\n"
         "The following table provides details of debt repayments during fiscal 2019:")
SECOND = "February 15, 2018 $1,250 Fixed 5.800% $ 1,250\n\n**Total repayment of matured debt** $ 3,784"


def test_the_label_in_the_table_of_the_fiscal_year_asked(make_database):
    with _stored(make_database, [FIRST, SECOND]) as conn:
        line, _ = labelled_figure(conn, "APPLE_2023_10K", ("matured debt",), year=2019)
        assert line.startswith("matured debt $ 3,784"), line
        line, _ = labelled_figure(conn, "APPLE_2023_10K", ("matured debt",), year=2020)
        assert line.startswith("matured debt $ 1,907"), line
        line, _ = labelled_figure(conn, "APPLE_2023_10K", ("matured debt",))  # no year asked: the first printed
        assert line.startswith("matured debt $ 1,907"), line


def test_a_number_asked_in_words_finds_the_row_printing_digits(make_database):
    with _stored(make_database, ["The contractual maturities were as follows (in millions):"]) as conn:
        doc, chunk = conn.execute("SELECT document_id, id FROM chunks").fetchone()
        for row in ("Within 1 year", "Within one year", "After 5 years"):
            conn.execute("INSERT INTO table_cells (document_id, chunk_id, page, row_label, row_path, value, unit)"
                         " VALUES (%s, %s, 1, %s, %s, 1, 'USD')", (doc, chunk, row, row))
        found = {r[3] for r in _rows(conn, doc, ["within 1"])}
        assert found == {"Within 1 year", "Within one year"}
