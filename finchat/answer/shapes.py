"""The shapes of a question, as patterns: how it asks a rate, a share and its part, a ranking, a breakdown, a
region, a company-reported KPI, what moved a line, an adjusted basis (answer/subject.py reads them)."""

from __future__ import annotations

import re

#: A rate or ratio the company reports, which no statement line or derived figure gives ("growth rate" is a
#: change, which the statements do give).
#: "booking rate adjustments", "interest rate swaps": a rate naming another thing, no rate asked ("rate case",
#: "rate base": a utility's proceedings and the assets it earns on).
_RATE_AS_NAME = r"(?!\s+(?:adjustments?|changes?|swaps?|hedges?|risks?|increases?|decreases?|cuts?|hikes?|locks?|" \
                r"environment|sensitivity|derivatives?|contracts?|cases?|base|orders?|filings?|proceedings?)\b)"
RATE = re.compile(r"(?i)(?<!['’])\b(?:(?!growth\b)[a-z&-]+\s+rate\b" + _RATE_AS_NAME + r"|return on (?:average\s+)?(?:tangible\s+)?"
                   r"(?:common\s+|total\s+|invested\s+)?(?:(?:share|stock)holders['’]?\s+)?(?:equity|capital|assets)\b|"
                   r"\bnet interest (?:margin|yield)(?: on (?:average )?[a-z-]+(?: [a-z-]+){0,2})?|"
                   r"\b(?:efficiency|capital|tier 1|cet1|leverage|loan[- ]to[- ]deposit)"
                   r"(?: [a-z]+)? ratio\b|[a-z-]+(?:\s+[a-z-]+)?\s+ratio\b)")
SHARE = re.compile(r"(?i)\b(?:what|which)\s+(?:share|percent(?:age)?|portion|proportion|part|fraction)\s+of\b|"
                    r"\b(?:share|percentage|proportion|%)\s+of\s+(?:the\s+|its\s+|total\s+|[a-z0-9&.'’]+\s+){0,6}"
                    r"(?:revenues?|sales|income)|"
                    r"\bhow\s+much\s+of\b(?=.*(?:\bpercent|%|\b(?:came|comes?|coming|derived|generated|contributed)\s+from\b|"
                    r"\b(?:represent|account\s+for|make\s+up|contribute)))")
#: What a company's figures are broken down or ranked by ("segments", "asset class"): a ranking's or breakdown's
#: dimension (answer/breakdown.py reads it too).
DIMENSION_WORDS = (r"segments?|categor(?:y|ies)|products?|regions?|geograph\w*|business(?:es)?|divisions?|brands?|"
                   r"markets?|(?:asset\s+)?class(?:es)?|channels?")
RANKING = re.compile(r"(?i)\bwhich\s+(?:of\s+(?:the|its|[a-z&.'’]+'s?)\s+)?(?:[a-z&.'’]+\s+){0,3}"
                      rf"(?:{DIMENSION_WORDS}|units?|countr(?:y|ies))\b")
#: "Which <dimension> of <company>'s <measure> grew …": the measure ranked.
RANKED_OF = re.compile(r"(?i)\bwhich\s+(?:[a-z]+\s+){1,3}of\s+(?:the\s+)?[\w&.-]+['’]s?\s+(?P<m>[a-z][a-z -]{2,60}?)\s+"
                        r"(?:grew|rose|fell|declined|increased|decreased|dropped|gained)\b")
BREAKDOWN = re.compile(r"(?i)\b(?:by|per|each|every|across)\s+(?:business\s+|operating\s+|reportable\s+)?"
                        r"(segments?|regions?|geograph\w*|products?|categor(?:y|ies)|divisions?|channels?|"
                        r"countr(?:y|ies)|brands?)\b|\b(?:break\s*down|breakdown|split)\b")
REGION = re.compile(r"(?i)\b(?:domestic|international|overseas|foreign(?!\s+(?:currency|currencies|exchange))|outside\s+(?:the\s+)?(?:u\.?s\.?|united states)|"
                     r"(?-i:U\.?S\.?)(?![a-z])(?!\.?\s*(?i:dollars?)\b)|united states|europe,?\s+(?:the\s+)?middle\s+east,?\s+(?:&|and)\s+africa|"
                     r"asia[\s-]pacific(?:\s+(?:&|and)\s+latin\s+america)?|greater\s+china|"
                     r"europe|emea|asia|apac|china|americas|latin america|ucan|canada|mexico|japan|brazil|india|"
                     r"north america)\b")
#: Company-reported operating measures that no statement line holds.
KPI = re.compile(r"(?i)\b(?:gmv|gross merchandise volume|tpv|total payment volume|comparable (?:store |online |digital |club )?sales|"
                  r"comp(?:arable)? sales|same[- ]store sales|paid (?:net )?(?:memberships?|members|subscribers)|"
                  r"memberships?|subscribers?|active (?:accounts|users|customers)|backlog|bookings|arpu|arr|"
                  r"average revenue per|units? (?:sold|shipped|sales|volumes?)|deliveries|headcount|employees|store count|"
                  r"number of (?:stores|shares|employees|customers)|(?<!per )shares? (?:did|were) .{0,20}repurchas\w*|"
                  r"how many shares|(?:(?!(?:what|was|were|is|are|the|its)\b)[a-z]+ ){0,3}churn(?: rate)?|occupancy(?: rate)?|revpar|"
                  r"revenue per available room|average daily rate|load factor)\b")
#: What a share question's total is made of: "… net sales came from cosmetics in …", "… net sales was skincare?";
#: what a share of the total went to ("… net revenues went to product development?")
#: ("… net revenues was recognized over time": how it was recognized, after the verb's participle)
SHARE_PART = re.compile(r"(?i)\b(?:(?:was|were)\s+(?:recogni[sz]ed|recorded|earned)\s+(?:from\s+|through\s+|via\s+)?|"
                         r"(?:came|comes?|coming|derived|generated|contributed|was|were)\s+(?:from\s+|by\s+)?|"
                         r"(?:went|goes|go)\s+to\s+)"
                         r"(?:the\s+|its\s+)?(?P<part>[a-z](?:[a-z&'’ -]|\d(?=-)|\.(?=[a-z]|\s+(?-i:[a-z])))"
                         r"{2,60}?)(?=\s+(?:in|during|for|over|at|as|on|"
                         r"through|compared)\b|\s*[?,;]|\s*\.(?![A-Za-z]|\s+(?-i:[a-z]))|\s*$)")  # ("U.S. government")
#: "Aeronautics as a percentage of Lockheed Martin's net sales": the part before "as a percentage of".
PART_AS_SHARE = re.compile(r"(?i)^\s*(?:what\s+(?:was|were|is|are)\s+)?(?:the\s+)?(?P<part>[a-z][\w&'’/ -]{1,60}?)"
                            r"(?:['’]s?)?\s+as\s+a\s+(?:percent(?:age)?|share|proportion)\s+of\b")
#: "… net sales did the F-35 program represent?": the part before the share's verb.
PART_DID = re.compile(r"(?i)\b(?:did|does|do)\s+(?:the\s+|its\s+|their\s+)?(?P<part>[\w&'’.-][\w&'’. -]{1,60}?)\s+"
                       r"(?:represent|account\s+for|make\s+up|comprise|contribute|generate)\b")
#: "How much revenue did CVS's mail choice channel bring in": a part in lower case, between the company's
#: possessive and what it did.
#: What a part does that a figure measures ("bring in", "generate", "deliver" …).
PART_VERBS = r"(?:bring|generate|earn|make|post|report|record|contribute|deliver|produce|book|sell|add)\b"
OWN_PART_DID = re.compile(r"(?i)\b(?:did|does|do)\s+(?P<owner>[\w&.-]+(?:\s+[\w&.-]+){0,2}?)['’]s?\s+(?P<part>[a-z0-9][\w&'’. -]{1,60}?)\s+"
                          # (or an event of the company's: "How many … connections did Verizon's 3G network retirement affect")
                          r"(?:affect|impact|" + PART_VERBS[3:])
#: "How much of General Mills' restructuring charges related to the North America Retail segment": the measure,
#: then the part it went to.
PART_OF_WHOLE = re.compile(r"(?i)^\s*how\s+much\s+of\s+(?P<what>.+?)\s+(?:(?:was|were|is|are)\s+)?(?:related|relat(?:es|ing)|"
                           r"attributable|allocated|went|belonged)\s+to\s+(?:the\s+|its\s+|their\s+)?"
                           r"(?P<part>[^?]+?)(?:\s+(?:segment|business|division|unit)s?)?\s*(?:\?|$|\s+(?:in|during|for)\s)")
#: "How much net revenue did the juice businesses PepsiCo sold deliver": a part in lower case after "did the",
#: with what the company did with it ("PepsiCo sold"), before what it did.
THE_PART_DID = re.compile(r"(?i)\b(?:did|does|do)\s+the\s+(?P<part>(?-i:[a-z])[\w&'’-]*(?:\s+(?-i:[a-z])[\w&'’-]*){0,4}?)"
                          r"(?:\s+(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*)?\s+(?:sold|acquired|divested|bought|exited|"
                          r"closed|spun\s+off))?\s+" + PART_VERBS)
#: "How much share-based compensation expense did Square add back …", "What restructuring charges did …": the thing
#: asked, before "did".
ASKED_BEFORE_DID = re.compile(r"(?i)^\s*(?:how\s+much(?:\s+in)?|how\s+many|what)\s+(?P<x>[a-z][\w&'’ -]{2,60}?)\s+did\s+")
#: "How much stock-based compensation landed in Adobe's cost of revenue", "How much amortization did … include in cost
#: of sales": a figure asked by where it sits — the line after "in" holds it (a row of the figure's table), no answer.
SITS_IN = re.compile(r"(?i)^\s*how\s+much\s+(?P<x>[a-z][\w&'’ -]{2,60}?)\s+(?:did\s+[^?]+?\s+)?"
                     r"(?:(?:was|were)\s+)?(?:include[sd]?|land(?:s|ed)?|go(?:es)?|went|s[ia]t|ended\s+up|end\s+up|"
                     r"f[ae]ll|flow(?:s|ed)?|record(?:s|ed)?|recogni[sz]e[sd]?|charged?|book(?:s|ed)?)\s+"
                     r"(?:in|within|into|to)\s+(?:its\s+|the\s+|their\s+|(?-i:[A-Z])[\w&.-]*(?:\s+[\w&.-]+)?['’]s?\s+)?"
                     r"(?P<line>[a-z][\w&'’ -]{2,60}?)(?=\s+(?:in|for|during|over|at|as|on|by)\b|\s*[?,.;]|\s*$)")
#: A model's number and what it numbers ("the 787 program", "737 aircraft"); never a year, nor a number alone
#: ("365 days", "737 MAX accidents").
MODEL_NUMBER = re.compile(r"(?i)(?<![\w$.,])(?!(?:19|20)\d\d\b)(\d{3,4})\s+(?:program|programs|aircraft|airplanes?|model|"
                          r"series|family)\b")
#: "What did exiting the dense server systems business cost AMD in 2015?": the cost of what was done.
COST_OF_DOING = re.compile(r"(?i)^\s*(?:what|how\s+much)\s+did\s+(?P<what>.+?)\s+cost\s+(?!of\b)(?P<whom>[\w&.'’ -]+?)"
                           r"(?:\s+(?:in|during|for|over)\b[^?]*)?\s*\??\s*$")
#: "How much did net profit booking rate adjustments add to … segment operating profit": what moved the measure.
#: ("What did the infrastructure surcharges … add to … revenues": what added, asked by "what" too)
EFFECT = re.compile(r"(?i)^\s*(?:(?:by\s+)?how\s+(?:much|many\s+(?:percentage\s+|basis\s+)?points)\s+did\s+(?P<what>.+?)\s+(?:add(?:ed)?\s+to|contribute\s+to|"
                     r"increase|raise|lift|boost|reduce|lower|cut|weigh\s+on|hurt|affect|impact|take\s+(?:off|from|out\s+of)|"
                     r"knock\s+off|shave\s+off)|what\s+did\s+(?P<added>.+?)\s+(?:add\s+to|contribute\s+to))\s+(?P<on>[^?]+)")
#: A named part of the company: "the Intelligent Cloud segment", "Commercial Airplanes segment", "Retail/LTC segment".
NAMED_PART = re.compile(r"(?<![\w/])((?:[A-Z][\w&./-]*\s+)(?:(?:and\s+|&\s+|of\s+)?[A-Z][\w&./-]*\s+){0,4})(?:segment|division|business(?:es)?|unit|group|"
                         r"reportable segment)\b")
ADJUSTED = re.compile(r"(?i)\b(adjusted|core|organic|non[\s-]?gaap|underlying|comparable|constant[\s-]currency|"
                       # "operational growth": growth at constant currency, as Johnson & Johnson reports it
                       r"operational(?=\s+(?:sales\s+)?(?:growth|change|increase|decline|decrease))|operationally|"
                       r"(?:excluding|ex[\s-]|before)\s*(?:(?:the\s+)?(?:impacts?|effects?)\s+of\s+)?(?:foreign\s+)?"
                       r"(?:currency|fx|exchange(?:\s+rates?)?)(?:\s+(?:changes|impacts?|effects?|movements))?|"
                       r"ex[\s-]?fx|currency[\s-]neutral|pro forma|"
                       # "excluding discrete tax benefits", "excluding special items": a basis of the company's own
                       r"excluding\s+(?:these\s+|the\s+|certain\s+)?(?:[a-z-]+\s+){0,3}?"
                       r"(?:items|benefits|charges|costs|gains|losses|fees))\b")


#: "as a percentage", "as a %": the words making a measure a ratio to another (what follows: "of"/"to" its base).
AS_A_PERCENT = r"as\s+a\s+(?:percent(?:age)?|%)"
#: "… as a percentage of GPV": a ratio over a measure that is no statement total (a share of revenue is a
#: share, a line over revenue a derived figure).
RATIO_OF = re.compile(rf"(?i)\b{AS_A_PERCENT}\s+of\s+(?!(?:(?:its|their|the)\s+)?(?:total\s+|net\s+)*(?:revenues?|sales)\b)"
                       r"[A-Za-z][\w&-]*(?:\s+(?!in\b|for\b|during\b)[A-Za-z][\w&-]*){0,2}")

#: A measure that is a price or an amount per unit ("average price per share"): no statement line's amount.
PRICE_MEASURE = re.compile(r"(?i)\bprice\b|\bper\s+(?:share|unit|room|member(?:ship)?|customer|user)\b")

#: Company-reported measures printed as a percentage change, never an amount.
PERCENT_KPI = re.compile(r"(?i)comp(?:arable)? (?:store |online |digital |club )?sales|same[- ]store sales|"
                          r"(?:(?!(?:what|was|were|is|are|the|its)\b)[a-z]+ ){0,3}churn(?: rate)?|"
                          r"occupancy(?: rate)?|load factor")


#: A thing named in small words after a verb's preposition ("other intangible assets", "valuation allowance"), up to
#: the period or the question's end.
_THING = r"(?P<what>(?-i:[a-z])[\w&'’-]*(?:\s+(?-i:[a-z])[\w&'’-]*){0,%d}?)"
_THING_END = r"(?=\s+(?:in|during|for|at|as|by|through)\s|\s*[?,.]|\s*$)"
#: "… in connection with its cash tender offers": what a charge or a cost asked was for.
TIED_TO = re.compile(r"(?i)\b(?:in\s+connection\s+with|associated\s+with|relat(?:ed|ing)\s+to|tied\s+to|linked\s+to)\s+(?:its\s+|the\s+|their\s+)?"
                     + _THING % 4
                     # (or the question's verb after it: "What liabilities related to assets held-for-sale did …")
                     + r"(?=\s+(?:in|during|for)\s|\s*[?,.]|\s*$|\s+(?:did|does|do|was|were|is|are|has|had)\s)")
#: "How much had American Water recorded in regulatory assets for COVID-19 financial impacts": what an amount recorded
#: was for (no period: "for the quarter", "for fiscal 2021", "for Q3"; a price paid "for repurchased shares" is none).
RECORDED_FOR = re.compile(r"(?i)(?:\b(?:record(?:ed)?|incur(?:red)?|accrue[ds]?|recogni[sz]ed?|set\s+aside|reserved?)\b[^?]*?"
                          # (or a balance a company "did … carry / hold / book for" something, right before the "for")
                          r"|\b(?:carry|hold|book)(?=\s+for\b)"
                          # (or a balance or a charge named for what it is of: "deferred tax asset for stock-based
                          # compensation", "income tax benefit for share-based compensation"; a liability for something,
                          # "liabilities for unrecognized tax benefits", is an account of its own)
                          r"|\b(?:assets?|benefits?|expenses?)(?=\s+for\b))\s+for\s+(?!(?:the|its|their|each|both|all|fiscal|full|first|"
                          r"second|third|fourth|year|quarter|calendar)\b|FY|Q[1-4]\b|\d|(?-i:[A-Z][a-z]))"
                          # (a name listing its parts, "property, plant and equipment", whole: no end at its comma)
                          r"(?P<what>(?:(?-i:[a-z])[\w&'’-]*|(?-i:[A-Z]{2,})[\w-]*)(?:,?\s+(?-i:[a-z])[\w&'’-]*){0,4}?)"
                          # (or the question's verb after it: "How much amortization expense for acquired technology
                          # did …")
                          r"(?=\s+(?:in|during|for|at|as|by|through)\s|\s*[?.]|\s*,(?!\s+(?-i:[a-z])[\w-]*\s+and\s)|\s*$|"
                          r"\s+(?:did|does|do|was|were|is|are|has|had)\s)")
#: "How much amortization expense did Verizon record on other intangible assets", "… a valuation allowance … recorded
#: on its foreign tax credit carryover": what an amount recorded was on (no period, no company's name).
RECORDED_ON = re.compile(r"(?i)\b(?:record(?:ed)?|recogni[sz]ed?|incur(?:red)?|take|took|taken)\s+on\s+(?:its\s+|their\s+|the\s+)?"
                         + _THING % 4
                         # (a deal's name is OF_ACQUISITION's: "… record on the atmos acquisition")
                         + r"(?<!acquisition)(?<!purchase)(?<!merger)" + _THING_END)
#: "What provision did PepsiCo add to its valuation allowance": the account an amount was added (charged) to.
ADDED_TO = re.compile(r"(?i)\b(?:add(?:s|ed)?|charge[sd]?|credit(?:s|ed)?)\s+to\s+(?:its|their|the)\s+" + _THING % 3
                      + _THING_END)
#: "What were sales to wholesale customers in …", "sales through NIKE Direct": whom a line's sales were made to (or
#: through), a part of the line — not a verb's infinitive ("… expect Paxlovid revenues to decline").
SOLD_TO = re.compile(r"(?i)\b(?:net\s+)?(?:sales|revenues?)\s+(?:to|through|via)\s+(?:the\s+|its\s+|their\s+)?"
                     r"(?!date\b)(?!(?:grow|increase|decrease|decline|rise|fall|drop|reach|exceed|be|remain|total)\b)"
                     r"(?P<what>(?-i:[a-z])[\w&'’-]*(?:\s+(?-i:[a-z])[\w&'’-]*){0,3}?|"
                     r"(?-i:[A-Z])[\w&'’-]*(?:\s+(?-i:[A-Z])[\w&'’-]*){0,3})(?=\s+(?:in|during|for|at|of|by)\b|\s*[?,.]|\s*$)")
#: "How much share-based compensation did Square exclude from Adjusted EBITDA": the reconciliation an item is of.
RECONCILED_IN = re.compile(r"(?i)\b(?:exclud\w*|add(?:ed|s)?\s+back|remov\w*|adjust\w*\s+out)\b[^?]*?"
                           r"\b(?:from|to|of|when\s+(?:computing|calculating)|in\s+(?:computing|calculating))\s+"
                           r"(?:(?:19|20)\d\d\s+)?"
                           r"(?:its\s+|the\s+|their\s+)?(?P<into>(?-i:[A-Z])[\w&'’-]*(?:\s+[\w&'’-]+){0,3}?|"
                           # (or a segments' measure written small: "… exclude from segment operating income")
                           r"segment\s+(?:operating\s+)?(?:income|profit|earnings|ebitda?))(?=\s+(?:in|for|during|at)\b|\s*[?,.]|\s*$)")
#: "… total hedging impact on revenue": what moved a statement line, named before "impact on".
IMPACT_ON = re.compile(r"(?i)(?<![\w'’])(?P<what>(?:(?-i:[a-z])[\w&-]*\s+){1,4}?)(?P<noun>impact|effect)s?\s+(?:on|to)\s+"
                       r"(?P<on>[^?]+)")
#: "… the impact of foreign currency on revenue": the same, named after "impact of".
IMPACT_OF = re.compile(r"(?i)\b(?P<noun>impact|effect)s?\s+of\s+(?:the\s+)?(?P<what>(?-i:[a-z0-9])[\w&-]*(?:\s+(?-i:[a-z0-9])[\w&-]*){0,3}?)"
                       r"\s+(?:on|to)\s+(?P<on>[^?]+)")
#: Units a "how many … does" question counts in, not the thing counted.
TIME_UNITS = frozenset({"years", "months", "weeks", "days", "hours"})
#: "… sell in grocery and consumables in Q1": what was sold (a category, a region), before the period.
#: (initials keep their dots: "sell in the U.S. in the fourth quarter" sold in "U.S")
SOLD_IN = re.compile(r"(?i)\b(?:sell|sold|(?<=unit )sales)\s+(?:in|of)\s+(?:the\s+)?(?P<what>[a-z](?:[\w&'’ -]|\.(?=[a-z]))*?)"
                     r"(?=\s+(?:in|during|for|over|through|at|rise|rose|grow|grew|increased?|decreased?|declined?|fall|fell|"
                     r"drop|dropped|change|changed)\b|\s*[?,;]|\s*\.(?![a-z])|\s*$)")
#: "… allocate to remodels", "… spend on new stores": what the money went to, before the period.
SPENT_ON = re.compile(r"(?i)\b(?:(?-i:spend|spent|allocated?|invest(?:ed)?|devoted?|put|direct(?:ed)?)\s+(?:(?!on\b|to\b|in\b|into\b)[a-z]+\s+){0,2}?"
                      r"(?:on|to|in|into|towards?)|(?P<paid>(?-i:pay|paid))\s+for)\s+(?:the\s+|its\s+|their\s+)?(?P<what>[a-z][\w&'’ -]*?)"
                      r"(?=\s+(?:in|during|for|over|through|at|as|by)\b|\s*[?,.;]|\s*$)")
#: "capital expenditures on transmission and distribution": a spending measure of what the money went to — that
#: category's row of the spending table.
SPENDING_ON = re.compile(r"(?i)\b(?:expenditures?|capex|spending)\s+(?:on|for)\s+(?:its\s+|their\s+|the\s+)?"
                         r"(?P<what>(?-i:[a-z])[a-z &-]*?)(?=\s+(?:in|during|for|over|at|as|by)\b|\s*[?,.;]|\s*$)")
#: "How large is Netflix's Los Gatos headquarters", "How big is the average Sam's Club warehouse": a place's size, an
#: area in square feet.
SIZE_OF_PLACE = re.compile(r"(?i)^\s*how\s+(?:large|big)\s+(?:is|was|are|were)\s+(?:the\s+|its\s+|their\s+)?"
                           r"(?:(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){0,2}['’]s?\s+)?"
                           r"(?P<what>(?:[\w&'’.-]+\s+){0,4}?(?:headquarters|warehouses?|stores?|clubs?|campus(?:es)?|"
                           r"facilit(?:y|ies)|plants?|offices?|buildings?|sites?|cent(?:er|re)s?|factor(?:y|ies)|"
                           r"hotels?|casinos?|resorts?))\b")
#: "How much did Corning (voluntarily) contribute to its domestic postretirement plans": contributions to those plans.
CONTRIBUTED_TO_PLANS = re.compile(r"(?i)\bcontribut(?:e|ed)\s+(?:\w+\s+){0,2}?to\s+(?:its|their|the|our)\s+"
                                  r"(?P<what>(?:[\w.&'’-]+\s+){0,4}?(?:plans?|trusts?|funds?))\b")
#: "What did Adobe pay to acquire TubeMogul", "How much did … pay for Fotolia": the price of that acquisition
#: (sentences say "our acquisition of TubeMogul … for $560.8 million").
PAID_TO_ACQUIRE = re.compile(r"(?i)\b(?:pay|paid|spend|spent)\s+(?:to\s+(?:acquire|buy|purchase)|for(?:\s+(?:the\s+)?"
                             r"(?:acquisition|purchase)\s+of)?|on\s+(?:the\s+)?(?:acquisition|purchase)\s+of)\s+"
                             r"(?:the\s+)?(?P<what>(?-i:[A-Z])[\w&.'’-]*(?:\s+(?-i:[A-Z])[\w&.'’-]*){0,3})")
#: "How much goodwill did Foot Locker record on the atmos acquisition", "… from its acquisition of Abiomed": the deal a
#: figure is of (its purchase price allocation), never the balance the company carries.
OF_ACQUISITION = re.compile(r"(?i)\b(?:on|in|from|for|with|of|to|under)\s+(?:the\s+|its\s+|their\s+)?"
                            r"(?P<what>(?!(?:recent|latest|pending|completed|proposed|same|first|second|new)\b)"
                            r"[a-z][\w&.'’-]*(?:\s+(?-i:[A-Z])[\w&.'’-]*){0,2})\s+(?:acquisition|purchase|merger)\b|"
                            r"\b(?:acquisition|purchase)\s+of\s+(?:the\s+)?(?P<of>(?-i:[A-Z])[\w&.'’-]*(?:\s+(?-i:[A-Z])[\w&.'’-]*){0,2})")
#: "… generate through digital online channels": the channel the figure is of (tables print "Digital online channels").
THROUGH_CHANNEL = re.compile(r"(?i)\b(?:through|via|in|from|across)\s+(?:the\s+|its\s+|their\s+)?"
                             r"(?P<what>[a-z][\w&'’-]*(?:\s+[a-z][\w&'’-]*){0,3}?)\s+(?:distribution\s+|sales\s+)?channels?\b")
#: "What content obligations does Netflix have coming due in less than one year": a maturity's span, the row of a
#: table of payments due.
DUE_IN = re.compile(r"(?i)\b(?:due|payable|maturing)\s+(?:in\s+)?(?P<what>(?:less|more)\s+than\s+(?:one|a|\d+)\s+years?|"
                    r"after\s+(?:one|two|three|four|five|\d+)\s+years|within\s+(?P<within>(?:one|a|1)\s+year))\b")
#: "How much of Netflix's streaming content obligations were due within one year": the whole a part of is asked of.
DUE_OF_WHOLE = re.compile(r"(?i)^\s*how\s+much\s+of\s+(?P<what>.+?)\s+(?:was|were|is|are|will\s+be|comes?|came)\s+"
                          r"(?:coming\s+)?(?:due|payable|maturing)\b")
#: "How much of Lockheed Martin's backlog was funded", "How much of … unearned revenue … was recognized as revenue":
#: the part of the whole that was so, a measure of its own ("funded backlog"), never the whole.
DONE_OF_WHOLE = re.compile(r"(?i)^\s*how\s+much\s+of\s+(?P<what>.+?)\s+(?:was|were|is|are|has\s+been|had\s+been)\s+"
                           r"(?P<done>(?-i:[a-z])[a-z]+(?:ed|en))\b")
#: "How many employees work at Nike's world headquarters": where a count is, a place of the company's it owns.
COUNT_AT_PLACE = re.compile(r"(?i)^\s*how\s+many\b.*?\b(?:at|in)\s+(?:its\s+|their\s+|the\s+company['’]s\s+|"
                            r"(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){0,2}['’]s?\s+)"
                            r"(?P<what>(?-i:[a-z])[a-z-]*(?:\s+(?-i:[a-z])[a-z-]*){0,3}?)(?=\s*[?,.]|\s+(?:in|at|as|on|during|for|by)\s|\s*$)")
#: "How much cash did Lockheed Martin return to shareholders": what was returned is the measure, not the cash balance.
RETURNED_TO = re.compile(r"(?i)\bhow\s+much\s+(?:(?P<what>cash|capital|money)\s+)?(?:did|does|do|has|have|will)\s+.{1,60}?"
                         r"\breturn(?:ed)?\s+to\s+(?:its\s+|their\s+)?(?P<whom>(?:share|stock)holders|investors|owners)\b")
#: "… earn in net card fees", "… record in impairment losses", "What did Pfizer record for chargebacks": the measure
#: named after the verb.
#: ("… was included in Foot Locker's corporate expense": the line it is a part of, whoever's possessive before it)
EARNED_IN = re.compile(r"(?i)\b(?:(?:earn(?:ed)?|make|made|record(?:ed)?|book(?:ed)?|recogni[sz]ed?|incur(?:red)?|included|hold|held|have|had|carr(?:y|ied)|keep|kept)\s+(?:in|from)|"
                       r"los[et]\s+on|"
                       r"(?:record(?:ed)?|book(?:ed)?|recogni[sz]ed?)\s+for(?!\s+(?:the\s+)?(?:year|quarter|period|fiscal|full|"
                       r"first|second|third|fourth|calendar|each|both|all|six|nine|three|twelve)\b))\s+"
                       r"(?:the\s+|its\s+|(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){0,2}['’]s?\s+)?"
                       r"(?P<what>[a-z][a-z &-]*?)(?=\s+(?:in|during|for|over|at|as|after|before|following|since|upon|until)\b"
                       r"|\s*[?,.;]|\s*$)")  # ("… hold in Kenvue after its IPO": a time clause ends it)
#: "By how much did Salesforce's current remaining performance obligation grow …": the measure before the verb.
GREW = re.compile(r"(?i)^\s*(?:by\s+)?(?:(?:roughly|approximately|about)\s+)?(?:how\s+(?:much|fast|quickly)|how\s+many\s+[a-z]+(?:\s+points)?|"
                  r"what\s+(?:percent(?:age)?|%|amount|rate))\s+"
                  r"(?:did|does|has|have|had)\s+(?P<np>.+?)\s+(?:grow|increase|rise|climb|jump|"
                  r"decline|decrease|fall|drop|slip|slide|change|expand|shrink|contract|compress|widen|narrow|"
                  r"improve|deteriorate|worsen)\b")
#: "By what percentage did AMD's 2014 Restructuring Plan cut global headcount": the thing moved is asked, after the
#: verb (what moved it only says which change); never a period or a manner after it ("… increase in 2015"). ("By how
#: much did … raise …" is EFFECT's: what moved a line.)
MOVED_BY = re.compile(r"(?i)^\s*(?:by\s+)?(?:(?:roughly|approximately|about)\s+)?what\s+(?:percent(?:age)?|%|amount)\s+"
                      r"did\s+(?P<doer>.+?)\s+(?:cut|reduce|lower|raise|increase|boost|lift|shrink|expand)\s+"
                      r"(?P<np>(?!(?:by|in|during|for|from|over|to|at|year|compared|versus|vs)\b)(?![a-z]+ly\b)[a-z][^?]*)")

#: "<measure> of / attributable to / at / in <company or part>'s …": the measure named before whose it is ("prescriptions
#: filled in CVS's Retail/LTC segment"; a list's commas are the measure's: "marketing, general and administrative …").
MEASURE_OF = re.compile(r"(?i)^(?:the\s+)?(?P<m>[a-z][\w&-]*(?:,?\s+[a-z][\w&-]*){0,5}?)\s+(?:of|at|in|attributable\s+to|"
                        r"for|from)\s+(?:the\s+|its\s+)?[\w&.-]+(?:\s+[\w&.-]+){0,2}['’]s?\s+\S")

#: "… of PepsiCo's interest rate derivatives": whose part a measure named without a statement word is of.
OWNED_PART = re.compile(r"(?i)^\s+(?:growth\s+)?(?:of|for|at|in|(?:applied|applicable|attributable|allocated|charged)\s+to)\s+(?:the\s+)?(?P<owner>[\w&.-]+(?:\s+[\w&.-]+){0,2}?)['’]s?\s+"
                        r"(?P<part>[\w&'’-][^?]*)")


def recorded_in(question: str, measure: str) -> list[str]:
    """Where a measure asked before the verb was recorded: "How much share-based compensation expense did Block record
    in product development" → ["product development"]; [] when the words after the verb are the measure itself
    ("How much did … record in impairment losses") or a period."""
    said = EARNED_IN.search(question)
    at = question.lower().find(measure.lower()) if measure else -1
    if said is None or not 0 <= at < said.start() or said.group("what").lower() in measure.lower():
        return []
    what = said.group("what").strip()
    # ("earn from Asia-Pacific clients": whose the revenue is, named before the word for them)
    what = re.sub(r"(?i)(?<=\S)\s+(?:clients|customers)$", "", what)
    # (a period; or what it was tied to, "in connection with …", read by TIED_TO)
    return [] if re.match(r"(?i)(?:fiscal|fy|q[1-4]|the\s+(?:first|second|third|fourth|year|quarter)|connection|relation)\b",
                          what) else [what]


def without_place(measure: str, qualifiers: list[str]) -> str:
    """``measure`` without a place a qualifier names at its end ("highly inflationary accounting in Argentina" →
    "highly inflationary accounting"): the place is what the figure is of, not a word a sentence must hold."""
    for q in qualifiers:
        measure = re.sub(rf"(?i)\s+in\s+(?:the\s+)?{re.escape(q)}$", "", measure) if q[:1].isupper() else measure
    return measure


#: "How many shares did Amazon use to compute diluted EPS", "… use in calculating basic EPS": the count a computation
#: used, printed as its own row ("Shares used in computation of diluted earnings per share"), never the measure computed.
USED_TO_COMPUTE = re.compile(
    r"(?i)^\s*how\s+many\s+(?P<what>[a-z][\w -]*?)\s+(?:did|does|do|will)\s+.+?\s+use\s+(?:to\s+(?:compute|calculate|"
    r"determine)|in\s+(?:computing|calculating|determining|(?:the\s+)?(?:computation|calculation)\s+of)|for)\s+"
    r"(?:its\s+|their\s+|the\s+)?(?P<of>[a-z][\w -]*?)(?=\s+(?:in|for|during|as\s+of|at|of)\s|\s*[?,;]|\s*$)")

#: A value a line or a thing held is carried or measured at: "fair value", "carrying amount", "average balance".
VALUE_OF = re.compile(r"(?i)\b(?:(?:fair|carrying|book|notional|market|face|principal)\s+(?:value|amount)|average\s+balance)s?$")

#: "… did Foot Locker's minority investments under the fair value alternative have": whose value it is, a thing held.
VALUE_HELD = re.compile(r"(?i)\b(?:did|does|do)\s+(?P<owner>[\w&.-]+(?:\s+[\w&.-]+){0,2}?)['’]s?\s+"
                        r"(?P<part>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+(?:under|in|at|as\s+of|have|had|carry|hold)\b")

#: "What did it pay for …": a pronoun pays, no company named before the verb.
PRONOUN_PAYER = re.compile(r"(?i)\b(?:did|does|will)\s+(?:it|they|the\s+company)\b")
PRONOUNS = frozenset({"it", "they", "we", "this", "that", "these", "those", "he", "she", "you"})

#: What was done to a balance in the period, written after its name ("long-term debt issued", "debt repaid").
ACTED = re.compile(r"(?i)\s+(?:issued|borrowed|repaid|redeemed|raised|retired|refinanced|drawn|extinguished|incurred)\b")

__all__ = ["ACTED", "ADDED_TO", "ADJUSTED", "ASKED_BEFORE_DID", "AS_A_PERCENT", "BREAKDOWN", "COST_OF_DOING", "DIMENSION_WORDS", "DUE_OF_WHOLE", "EARNED_IN", "EFFECT", "GREW", "IMPACT_OF", "IMPACT_ON", "KPI", "MEASURE_OF", "MODEL_NUMBER", "MOVED_BY", "NAMED_PART", "OF_ACQUISITION", "OWNED_PART", "OWN_PART_DID", "PART_AS_SHARE", "PART_DID", "PART_OF_WHOLE", "PART_VERBS", "PERCENT_KPI", "PRICE_MEASURE", "PRONOUNS", "PRONOUN_PAYER", "RANKED_OF", "RANKING", "RATE", "RATIO_OF", "RECONCILED_IN", "RECORDED_FOR", "RECORDED_ON", "REGION", "RETURNED_TO", "SHARE", "SHARE_PART", "SOLD_IN", "SOLD_TO", "SPENDING_ON", "SPENT_ON", "THE_PART_DID", "THROUGH_CHANNEL", "TIED_TO", "TIME_UNITS", "USED_TO_COMPUTE", "VALUE_HELD", "VALUE_OF", "recorded_in", "without_place"]
