"""Check a check-question file: python3 /work/packets/validate_checks.py FILE.jsonl

  settles:   {"id","game","kind":"settles","q","check": name,"facts": {name: value},"expect": {"verdict": ..., "value"?: ...}}
  near-miss: {"id","game","kind":"near-miss","q","check": null,"near_check": name,"why": "...",
              "entry": id or null, "gold": [verbatim passages of that entry] or []}
"""
import json, re, sqlite3, sys, unicodedata
def norm(s):
    s = unicodedata.normalize("NFKC", s)
    s = re.sub("[\u2212\u2013\u2014]", "-", s)
    s = s.replace("\u2018", "'").replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", s.lower()).strip()
cat = json.load(open("/work/packets/checks/catalogue.json"))
checks = {(g, c["name"]): c for g, cs in cat.items() for c in cs}
db = sqlite3.connect("file:/work/packets/referee.db?mode=ro", uri=True)
ents = {i: (g, norm(x)) for i, g, x in db.execute("select id, game, text from entries")}
VERDICTS = {"legal", "illegal", "ambiguous", "unknown", "value"}
def type_ok(f, v):
    t = f["type"]
    if t == "int": return isinstance(v, int) and not isinstance(v, bool)
    if t in ("float", "number"): return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == "bool": return isinstance(v, bool)
    if t == "choice": return v in f.get("choices", [])
    if t == "point": return isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v)
    if t in ("ints",): return isinstance(v, list) and all(isinstance(x, int) for x in v)
    if t in ("strs", "words"): return isinstance(v, list) and all(isinstance(x, str) for x in v)
    if t in ("str", "text", "word"): return isinstance(v, str)
    return True
errors, ids, n = [], set(), 0
for ln, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    if not line.strip(): continue
    n += 1
    try: r = json.loads(line)
    except Exception as e: errors.append(f"line {ln}: not JSON ({e})"); continue
    where = f"line {ln} ({r.get('id')})"
    if r.get("id") in ids: errors.append(f"{where}: duplicate id")
    ids.add(r.get("id"))
    g, kind = r.get("game"), r.get("kind")
    if not r.get("q"): errors.append(f"{where}: missing q")
    if kind == "settles":
        c = checks.get((g, r.get("check")))
        if not c: errors.append(f"{where}: no check {r.get('check')!r} in {g}"); continue
        facts = {f["name"]: f for f in c["facts"]}
        for k, v in (r.get("facts") or {}).items():
            if k not in facts: errors.append(f"{where}: check {c['name']} has no fact {k!r}")
            elif not type_ok(facts[k], v): errors.append(f"{where}: fact {k}={v!r} is not a {facts[k]['type']} {facts[k].get('choices','')}")
        for k, f in facts.items():
            if f.get("required") and k not in (r.get("facts") or {}): errors.append(f"{where}: required fact {k} missing (a question that settles states it)")
        ex = r.get("expect") or {}
        if ex.get("verdict") not in VERDICTS: errors.append(f"{where}: expect.verdict must be one of {sorted(VERDICTS)}")
    elif kind == "near-miss":
        if r.get("check") is not None: errors.append(f"{where}: a near miss has check null")
        if (g, r.get("near_check")) not in checks: errors.append(f"{where}: near_check {r.get('near_check')!r} is not a check of {g}")
        if not r.get("why"): errors.append(f"{where}: say why the check does not settle it")
        e = r.get("entry")
        if e is not None:
            if e not in ents or ents[e][0] != g: errors.append(f"{where}: unknown entry {e!r} in {g}")
            else:
                for gp in r.get("gold") or []:
                    if norm(gp) not in ents[e][1]: errors.append(f"{where}: gold not verbatim in {e}: {gp[:60]!r}")
        elif r.get("gold"): errors.append(f"{where}: gold given without its entry")
    else: errors.append(f"{where}: kind must be settles or near-miss")
print(f"{n} lines, {len(errors)} problems")
for e in errors[:80]: print(" ", e)
sys.exit(1 if errors else 0)
