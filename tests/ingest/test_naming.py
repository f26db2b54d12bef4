from datetime import date
from pathlib import Path

import pytest

from finchat.ingest.naming import meta_from_path, period_end_from_text


@pytest.mark.parametrize("path, name, key, form, year, quarter", [
    ("APPLE_2023Q3_10Q.pdf", "APPLE_2023Q3_10Q", "APPLE", "10-Q", 2023, "Q3"),
    ("3M_2018_10K.pdf", "3M_2018_10K", "3M", "10-K", 2018, "FY"),
    ("AMD_2022Q4_EARNINGS.pdf", "AMD_2022Q4_EARNINGS", "AMD", "EARNINGS", 2022, "Q4"),
    ("INTEL_2023_8K_dated-2022-11-22.pdf", "INTEL_2023_8K_dated-2022-11-22", "INTEL", "8-K", 2023, None),
    ("PG_E_2023Q3_10Q.pdf", "PG_E_2023Q3_10Q", "PG_E", "10-Q", 2023, "Q3"),
    ("JOHNSON_JOHNSON_2022_10K.pdf", "JOHNSON_JOHNSON_2022_10K", "JOHNSON_JOHNSON", "10-K", 2022, "FY"),
    ("ACTIVSIONBLIZZARD_2023Q2_10Q.pdf", "ACTIVSIONBLIZZARD_2023Q2_10Q", "ACTIVISIONBLIZZARD", "10-Q", 2023, "Q2"),
    ("pdf_files/Apple/2023/10Q_10K/10Q-Q3-2023.pdf", "APPLE_2023Q3_10Q", "APPLE", "10-Q", 2023, "Q3"),
    ("pdf_files/Berkshire Hathaway/2022/10Q_10K/10K-2022.pdf", "BERKSHIREHATHAWAY_2022_10K", "BERKSHIREHATHAWAY", "10-K", 2022, "FY"),
    ("pdf_files/Acme Widgets/2021/10Q_10K/10Q-Q1-2021.pdf", "ACME_WIDGETS_2021Q1_10Q", "ACME_WIDGETS", "10-Q", 2021, "Q1"),
])
def test_both_layouts(path, name, key, form, year, quarter):
    m = meta_from_path(Path(path))
    assert (m.name, m.company_key, m.form, m.fiscal_year, m.fiscal_quarter) == (name, key, form, year, quarter)


def test_dated_8k_gets_its_date():
    assert meta_from_path(Path("INTEL_2023_8K_dated-2022-11-22.pdf")).period_end == date(2022, 11, 22)


def test_other_names_are_kept_with_a_warning():
    m = meta_from_path(Path("scans/Tesla quarterly report Q2 2024.pdf"))
    assert m.company_key == "TESLA" and m.fiscal_year == 2024 and m.fiscal_quarter == "Q2"
    assert m.warnings and "neither layout" in m.warnings[0]


def test_period_end_from_cover_text():
    assert period_end_from_text("**For the quarterly period ended July 1, 2023**") == date(2023, 7, 1)
    assert period_end_from_text("For the fiscal year ended September 30 , 2022") == date(2022, 9, 30)
    assert period_end_from_text("For the quarterly period ended: October 29, 2022") == date(2022, 10, 29)
    assert period_end_from_text("nothing here") is None
