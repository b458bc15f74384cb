"""Check a disputes file: python3 /work/packets/validate_disputes.py FILE.jsonl"""
import json, re, sys, unicodedata, glob
def norm(s):
    s = unicodedata.normalize("NFKC", s)
    s = re.sub("[\u2212\u2013\u2014]", "-", s)
    s = s.replace("\u2018", "'").replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", s.lower()).strip()
BOOK = {"takkure": "takkure.en.txt", "rugby-world": "rugby-world.en.txt", "touchdown-heroes": "touchdown-heroes.en.txt", "ta-ke": "ta-ke.en.txt", "tacocat": "tacocat.uk.txt"}
books = {g: norm(open("/work/packets/books/" + f, encoding="utf-8").read()) for g, f in BOOK.items()}
CATS = {"match-flow", "sequence", "opposed-roll", "card-skill-faq", "silent", "single-action"}
VERDICTS = {"legal", "illegal", "ambiguous", "unknown", "value"}
errors, ids, n = [], set(), 0
for ln, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    if not line.strip(): continue
    n += 1
    try: r = json.loads(line)
    except Exception as e: errors.append(f"line {ln}: not JSON ({e})"); continue
    w = f"line {ln} ({r.get('id')})"
    if r.get("id") in ids: errors.append(f"{w}: duplicate id")
    ids.add(r.get("id"))
    g = r.get("game")
    if g not in BOOK: errors.append(f"{w}: unknown game"); continue
    for k in ("situation", "question"):
        if not isinstance(r.get(k), str) or len(r[k]) < 10: errors.append(f"{w}: missing {k}")
    if r.get("category") not in CATS: errors.append(f"{w}: category must be one of {sorted(CATS)}")
    ex = r.get("expect") or {}
    if ex.get("verdict") not in VERDICTS: errors.append(f"{w}: expect.verdict must be one of {sorted(VERDICTS)}")
    if ex.get("verdict") == "ambiguous" and len(ex.get("readings") or []) < 2: errors.append(f"{w}: ambiguous needs two readings")
    if not ex.get("follows") and ex.get("verdict") != "unknown": errors.append(f"{w}: say what follows (expect.follows)")
    dec = r.get("deciding") or []
    if not dec: errors.append(f"{w}: give the deciding rule(s)")
    for d in dec:
        q = d.get("quote") if isinstance(d, dict) else None
        if not q or norm(q) not in books[g]: errors.append(f"{w}: quote not verbatim in the book: {str(q)[:60]!r}")
print(f"{n} lines, {len(errors)} problems")
for e in errors[:80]: print(" ", e)
sys.exit(1 if errors else 0)
