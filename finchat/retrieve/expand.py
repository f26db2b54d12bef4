"""Query vocabulary expansion for the full-text channel: the words analysts ask with → the words filings use.

Analysts ask "what drove the margin change", "legal battles", "is it capital intensive", "PP&E"; filings say
"primarily due to", "legal proceedings", "purchases of property, plant and equipment". The full-text
channel ORs the question's lexemes, so appending the filing vocabulary of each concept a question names
lets ts_rank find passages that share no word with the question. The vector channel is left alone: the
same expansion added to the embedded question made it worse (FinanceBench nDCG@10 0.687 → 0.681), the
encoder already relates these phrasings.

Measured (eval/README.md), FinanceBench page-level R@10 0.881 → 0.895, nDCG@10 0.687 → 0.696; the dev
set is unchanged. Entries are general finance vocabulary, not phrasings of particular questions.
"""

from __future__ import annotations

import re

from finchat.retrieve.intent import question_intent

#: The words filings explain changes with: appended for any explanatory question (retrieve/intent.py's reading).
EXPLAIN_WORDS = "primarily due to driven by increase decrease compared"
#: (pattern over the question, words appended to the full-text query). Patterns are case-insensitive
#: and whole-word.
EXPANSIONS: tuple[tuple[str, str], ...] = (
    (r"what drove|drivers? (?:of|behind)|what caused|why did|reasons? (?:for|behind)", EXPLAIN_WORDS),
    (r"operating margins?", "operating income margin percent of sales"),
    (r"gross margins?", "gross profit margin cost of sales percent"),
    (r"net (?:profit )?margins?|profit margins?", "net income percent of sales"),
    (r"capital[- ]intensive|capex|capital expenditures?", "capital expenditures purchases of property plant equipment"),
    (r"legal (?:battles?|proceedings|matters|disputes|cases?)|lawsuits?|litigations?",
     "legal proceedings litigation lawsuits claims"),
    (r"retain|retaining|retention|churn|attrition", "retention attrition renewal existing customers"),
    (r"quick ratio|current ratio|liquidity(?: profile| position)?",
     "current assets current liabilities cash equivalents receivables liquidity"),
    (r"dividends?", "dividends declared paid per share"),
    (r"(?:effective )?tax rates?", "effective tax rate provision for income taxes"),
    (r"pp&e|ppne|ppe|fixed assets", "property plant and equipment net"),
    (r"acquisitions?|acquired|acquire", "acquisition acquired business combination purchase price"),
    (r"spin[- ]?offs?|spinning off|spun off|separation|divest(?:iture|ed|ing)?s?",
     "separation spin-off divestiture discontinued operations"),
    (r"cyclical(?:ity)?|seasonal(?:ity)?", "cyclical seasonal economic conditions demand fluctuations"),
    (r"geograph(?:y|ies|ic|ical)|regions?|regional|international|domestic",
     "geographic region segment international united states"),
    (r"segments?|business units?|divisions?", "segment results reportable segments"),
    (r"product categor(?:y|ies)|product lines?", "revenue by product category mix"),
    (r"guidance|guid(?:e|es|ed|ing)|outlook|expects?|expected|forecasts?", "guidance outlook expects full year"),
    (r"debt securities|notes due|bonds?", "notes due debt securities senior notes"),
    (r"buybacks?|repurchases?|repurchased", "share repurchase program repurchased shares"),
    (r"headcount|employees|workforce", "employees human capital workforce"),
    (r"password sharing|account sharing", "paid sharing password sharing borrower"),
    (r"ceo|chief executive|board members?|directors?|nominees?", "chief executive officer board of directors elected votes"),
    (r"working capital", "current assets current liabilities working capital"),
    (r"free cash flows?", "cash provided by operating activities capital expenditures"),
    (r"leverage|indebtedness|borrowings?", "total debt borrowings long-term debt credit facility"),
    (r"restructuring", "restructuring charges severance"),
    (r"impairments?|impaired", "impairment charges goodwill"),
    (r"inventor(?:y|ies)", "inventories merchandise inventory"),
    (r"pensions?|retirees?|post-?retirement", "pension postretirement benefit payments expected"),
    # operating metrics, in analysts' shorthand
    (r"net (?:adds|additions)|subscriber (?:growth|additions)|paid (?:memberships?|subscribers?)",
     "net additions paid memberships subscribers connections customers"),
    (r"arpu|arm|revenue per (?:user|member|subscriber|account|customer)|average revenue per",
     "average revenue per user membership account arpu"),
    (r"revpar|occupancy|average daily rate|adr", "revenue per available room occupancy average daily rate"),
    (r"rpo|remaining performance obligations?|bookings|order book|backlog",
     "remaining performance obligations backlog contracted revenue"),
    (r"capital returned|returned to shareholders|shareholder returns?|return(?:ing)? capital",
     "returned to shareholders share repurchases dividends"),
    (r"comps|comparable (?:store )?sales|same[- ]store sales|like[- ]for[- ]like", "comparable sales same-store sales"),
    (r"organic (?:growth|revenue|sales)|exclud(?:e|es|ed|ing) (?:the )?(?:impacts? |effects? )?(?:of )?(?:m&a|acquisitions?)",
     "organic revenue growth excluding acquisitions divestitures foreign exchange"),
    (r"m&a|mergers? (?:and|&) acquisitions", "acquisitions divestitures"),
    (r"constant[- ]currency|ex[- ]?fx|exclud(?:e|es|ed|ing) (?:the )?(?:impacts? |effects? )?(?:of )?(?:fx|currency|foreign exchange)",
     "constant currency foreign exchange translation impact"),
    (r"liquidat(?:e|ed|ion|ing)|book value|bvps|tbvps", "book value per share bvps tbvps tangible common equity"),
    (r"volumes?|units? shipped|shipments", "volume units shipments"),
    (r"tpv|(?:total )?payment volumes?", "tpv total payment volume payment transactions"),
    (r"gmv|gross merchandise (?:volume|value)", "gmv gross merchandise volume take rate"),
    (r"take rates?", "take rate net revenues gmv"),
    (r"square (?:footage|feet)|selling space|store space", "square feet gross square footage stores opened"),
)

_RX = tuple((re.compile(r"(?i)(?<![\w&])(?:" + p + r")(?![\w&])"), words) for p, words in EXPANSIONS)


def expansion(text: str, intent: str | None = None) -> str:
    """Filing vocabulary for the concepts ``text`` names ("" when none), space-separated, in table order; an
    explanatory question ("what pushed …", "what was behind …") gets the explaining vocabulary too.
    ``intent``: the question's, when already read (retrieve/intent.py); else read from ``text``."""
    words = [w for rx, w in _RX if rx.search(text)]
    if EXPLAIN_WORDS not in words and (intent or question_intent(text)) == "explanation":
        words.insert(0, EXPLAIN_WORDS)
    return " ".join(words)


def expand_query(text: str, intent: str | None = None) -> str:
    """``text`` followed by its expansion (unchanged when it names no listed concept)."""
    extra = expansion(text, intent)
    return f"{text} {extra}" if extra else text
