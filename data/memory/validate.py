"""Check a question file written from a packet: python3 /work/packets/validate.py FILE.jsonl

Kinds (field "kind" on each line, default "answerable"):
  answerable:  {"id","game","q","gold":[verbatim passages],"entry": entry id, "style"}
  silent:      {"id","game","q","gold":[],"why": why the book is silent, "near": closest entry id or null}
Gold passages must sit, verbatim (after the normalisation below), inside the text of the named entry.
"""
import json, re, sqlite3, sys, unicodedata
STYLES = {"contrast", "casual", "can-i", "what-if", "numbers", "false-premise", "definition", "procedure", "table", "book-words", "other"}
def norm(s):
    s = unicodedata.normalize("NFKC", s)
    s = re.sub("[\u2212\u2013\u2014]", "-", s)
    s = s.replace("\u2018", "'").replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", s.lower()).strip()
db = sqlite3.connect("file:/work/packets/referee.db?mode=ro", uri=True)
ents = {i: (g, norm((t or "") + " " + x), norm(x)) for i, g, t, x in db.execute("select id, game, title, text from entries")}
errors, ids, n = [], set(), 0
for ln, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    if not line.strip():
        continue
    n += 1
    try:
        r = json.loads(line)
    except Exception as e:
        errors.append(f"line {ln}: not JSON ({e})"); continue
    where = f"line {ln} ({r.get('id')})"
    kind = r.get("kind", "answerable")
    for k in ("id", "game", "q"):
        if not isinstance(r.get(k), str) or not r.get(k).strip():
            errors.append(f"{where}: missing {k}")
    if r.get("id") in ids: errors.append(f"{where}: duplicate id")
    ids.add(r.get("id"))
    if len(r.get("q", "")) > 300: errors.append(f"{where}: question over 300 characters")
    if kind == "answerable":
        e = r.get("entry")
        if e not in ents: errors.append(f"{where}: unknown entry {e!r}"); continue
        if ents[e][0] != r.get("game"): errors.append(f"{where}: entry {e} is not in game {r.get('game')}")
        gold = r.get("gold")
        if not isinstance(gold, list) or not gold: errors.append(f"{where}: gold must be a non-empty list"); continue
        for gp in gold:
            if not isinstance(gp, str) or len(gp.strip()) < 12: errors.append(f"{where}: gold passage too short: {gp!r}"); continue
            if norm(gp) not in ents[e][2]: errors.append(f"{where}: gold not verbatim in entry {e}: {gp[:70]!r}")
        if r.get("style") not in STYLES: errors.append(f"{where}: style must be one of {sorted(STYLES)}")
    elif kind == "silent":
        if r.get("gold") != []: errors.append(f"{where}: a silent question has gold []")
        if not r.get("why"): errors.append(f"{where}: say why the book is silent")
        nr = r.get("near")
        if nr is not None and nr not in ents: errors.append(f"{where}: unknown near entry {nr!r}")
    else:
        errors.append(f"{where}: unknown kind {kind!r}")
print(f"{n} lines, {len(errors)} problems")
for e in errors[:80]: print(" ", e)
sys.exit(1 if errors else 0)
