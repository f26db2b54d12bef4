"""One filing's figures must agree in magnitude (finchat/graph/consistency.py)."""

from finchat.graph.consistency import scale_disagreements


def fact(metric, value, scale="millions", duration="3M", as_of="2023-04-30", unit="USD"):
    return {"metric": metric, "value": value, "scale": scale, "duration": duration, "as_of": as_of, "unit": unit,
            "printed": f"{value:,}"}


def test_figures_that_agree_are_not_flagged():
    facts = [fact("revenue", 152301), fact("net_income", 1673), fact("total_assets", 243197, duration=None),
             fact("revenue", 141569, as_of="2022-04-30"), fact("eps_diluted", 0.62, scale="units", unit="USD/share")]
    assert scale_disagreements(facts) == []


def test_a_statement_read_in_dollars_beside_millions_is_flagged():
    facts = [fact("revenue", 152301, scale="units"), fact("net_income", 1673, scale="units"),
             fact("total_assets", 243197, duration=None)]
    (note,) = scale_disagreements(facts)
    assert note == "total assets 243,197 (millions) against revenue 152,301 (units): one of their scales is wrong"


def test_net_income_read_in_dollars_beside_revenue_in_millions_is_flagged():
    facts = [fact("revenue", 5309, scale="millions"), fact("net_income", 1822, scale="units"),
             fact("revenue", 10489, duration="6M")]
    assert scale_disagreements(facts) == [
        "net income 1,822 (units) against revenue 5,309 (millions): one of their scales is wrong"]


def test_dates_as_the_graph_builder_passes_them():
    from datetime import date

    facts = [fact("revenue", 152301, scale="units", as_of=date(2023, 4, 30)),
             fact("total_assets", 243197, duration=None, as_of=date(2023, 4, 30))]
    assert len(scale_disagreements(facts)) == 1


def test_a_bank_and_an_annual_report_are_judged_on_their_own_period():
    bank = [fact("revenue", 41307), fact("net_income", 14472), fact("total_assets", 3868240, duration=None)]
    assert scale_disagreements(bank) == []
    annual = [fact("revenue", 611289, duration="12M", as_of="2023-01-31"),
              fact("net_income", 11680, duration="12M", as_of="2023-01-31"),
              fact("total_assets", 243197, duration=None, as_of="2023-01-31")]
    assert scale_disagreements(annual) == []
