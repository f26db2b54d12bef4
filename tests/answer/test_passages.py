"""Sentences of a filing that state a figure: a measure stated for two years gives its change."""


def test_a_sentence_stating_a_measure_for_two_years_gives_its_change():
    from finchat.answer.passages import stated_change

    said = ("Of the segment's total net sales, approximately $14.5 billion and $11.4 billion related to eCommerce for "
            "the three months ended April 30, 2025 and 2024, respectively.")
    assert stated_change(said) == "up 27.2% ($14.5 billion against $11.4 billion)"
    # the earlier year first; amounts in different units
    assert stated_change("Fees were $900 million and $1.2 billion in 2024 and 2025, respectively.") == \
        "up 33.3% ($1.2 billion against $900 million)"
    assert stated_change("Fees were $5 million and $4 million in 2021 and 2023, respectively.") is None  # not a year apart
    assert stated_change("Fees were $5 million in 2025.") is None
