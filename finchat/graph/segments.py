"""A company's reportable segments, read from its own filing's words.

Filings state their segments in one sentence of the business description, the MD&A or the segment note:
"We have organized our operations into three segments: North America, International, and Amazon Web
Services (“AWS”)", "We operate in four business segments: Aeronautics, Missiles and Fire Control (MFC),
Rotary and Mission Systems (RMS) and Space", "organized into five operating segments: North America
Retail; Convenience Stores & Foodservice; …; and Pet". The stated count checks the list: a sentence whose
items cannot be made to number what it says is not used. A parenthesised short form ("MFC", “AWS”) is a
second name of the same segment.

Which names may scope a company when a question names them alone (:func:`distinctive`) is decided apart:
"North America" or "Consumer" is a segment of many companies, "Intelligent Cloud" of one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_SENTENCE = re.compile(
    r"(?i)\b(?P<n>two|three|four|five|six|seven|eight|nine|[2-9])\s+(?:(?:major|reportable|operating|business|"
    r"reporting|primary)\s+)*segments?(?:\s*\([^)]{0,60}\))?(?P<mid>[^.:;]{0,80}?)\s*"
    r"(?:[:—–]|\s-\s|,\s*as\s+follows:|,(?!\s*(?:which|each|as|and|but|in|with)\b))\s*"
    r"(?P<list>.{3,1500}?)(?=\.\s+[A-Z*(_]|\.\s*$|$)")
#: "1) Frito-Lay North America (FLNA), which includes …; 2) …" and bulleted lists
_NUMBERED = re.compile(r"(?:^|[\s;])(?:\(?\d{1,2}\)|•|-)\s+(?P<item>[^;•]+?)(?=;|\s\(?\d{1,2}\)\s|\s•|$)")
_ABBREV = re.compile(r"\(\s*[“\"']?(?P<a>[A-Z][A-Za-z&]{1,7})[”\"']?\s*\)")
_ITEM = re.compile(r"^[A-Z0-9][\w&'’,\-/. ]{1,60}$")
#: Words that alone make a segment name generic: regions, and names many companies use.
GENERIC = frozenset("""north south east west central america americas american international europe european asia
pacific latin africa middle eastern emea apac apj domestic global worldwide united states u.s. us canada china
greater japan other all corporate rest of the world and & consumer commercial industrial services products
retail wholesale business segment segments group operations healthcare health care
""".split())  # noqa: SIM905  (a word list reads better as text)


@dataclass(frozen=True)
class Segment:
    name: str
    short: str | None = None  # the parenthesised short form, if the filing gives one

    @property
    def names(self) -> list[str]:
        return [self.name] + ([self.short] if self.short and self.short != self.name else [])


def _split(items: list[str], n: int) -> list[str] | None:
    """Split the last " and " joins until there are ``n`` items (None when that cannot be done)."""
    items = [re.sub(r"^(?:and|&)\s+", "", i.strip()) for i in items if i.strip()]
    while len(items) < n:
        joined = next((k for k in range(len(items) - 1, -1, -1) if " and " in items[k]), None)
        if joined is None:
            return None
        item = items[joined]
        # after a parenthesised short form, else at the first " and " ("Digital Marketing and Print and Publishing")
        cut = item.find(") and ")
        at = cut + 1 if cut >= 0 else item.find(" and ")
        items[joined:joined + 1] = [item[:at].strip(), item[at + len(" and "):].strip()]
    return items if len(items) == n else None


def segments_in_text(text: str) -> list[Segment]:
    """The segments a filing's text lists (first list whose count checks out, merged with later ones)."""
    flat = re.sub(r"\s+", " ", text.replace("*", ""))
    found: dict[str, Segment] = {}
    for m in _SENTENCE.finditer(flat):
        raw = m.group("n").lower()
        n = int(raw) if raw.isdigit() else _COUNT[raw]
        if m.group("mid") and re.search(r"(?i)\b(?:in|of|from|for|to|by)\s*$", m.group("mid")):
            continue  # "three segments in …", not a list of names
        body = m.group("list")
        numbered = [x.group("item") for x in _NUMBERED.finditer(body)] if re.match(r"\s*(?:\(?1\)|•)", body) else []
        items: list[str] | None
        if numbered:
            cut = [re.split(r"(?i),?\s(?:which|that|consisting|including)\b", i)[0] for i in numbered][:n]
            items = cut if len(cut) == n else None
        else:
            body = re.split(r"(?i)\s(?:which|that|each of which|as described|see)\s|\s\((?:which|formerly)\b", body)[0]
            items = _split(re.split(r";|,(?![^(]*\))", body), n)
        if items is None:
            continue
        segs: list[Segment] = []
        for item in items:
            short = _ABBREV.search(item)
            name = _ABBREV.sub("", item).strip(" ,;")
            if not _ITEM.match(name) or len(name.split()) > 9 or ". " in name:
                segs = []
                break
            segs.append(Segment(name, short.group("a") if short else None))
        if segs:  # the first list that checks out (later mentions repeat it, or garble it)
            found = {s.name: s for s in segs}
            break
    shorts = {s.short for s in found.values() if s.short}
    return [s for s in found.values() if s.name not in shorts]  # "AWS" listed alone is Amazon Web Services


def distinctive(name: str) -> bool:
    """Whether a segment named alone in a question may stand for its company: not only generic words, and
    a single word only as a short form in capitals ("MFC", "AWS"), never a common one ("Space", "Pet")."""
    words = [w.lower().strip(".,") for w in name.split()]
    if all(w in GENERIC for w in words):
        return False
    if len(words) == 1:
        return name.isupper() and len(name) >= 3
    return True


#: Initials that are a measure's or a common term's, never a segment's short name.
_NOT_INITIALS = frozenset({"EPS", "ROE", "ROA", "ROI", "ROIC", "GAAP", "USD", "CEO", "CFO", "SEC", "ESG", "IPO", "LLC"})


def initials(name: str) -> str:
    """The initials (lower case) of a name of three or more capitalised words ("Military Services Group":
    "msg"), "" for any other; "of", "and" and "&" are skipped."""
    words = [w for w in re.findall(r"[\w'’-]+", name) if w.lower() not in ("of", "and", "the")]
    return "".join(w[0] for w in words).lower() if len(words) >= 3 and all(w[:1].isupper() for w in words) else ""


def segment_initials(name: str) -> str:
    """A segment's short name by :func:`initials`, in capitals ("Consumer & Community Banking": "CCB"); "" for any
    other name or initials that are a common term ("EPS")."""
    out = initials(name).upper()
    return "" if out in _NOT_INITIALS else out
