import sqlite3, json, sys, collections
base = sys.argv[1]
db = sqlite3.connect(f'{base}/referee.db')
tr = dict(((i), t) for i, g, l, k, t in db.execute("select * from translations where kind='entry'"))
rows = db.execute("select id, game, section_id, title, path, kind, normative, text, position from entries order by game, position").fetchall()
parts = {
 'takkure-a': lambda g, i, p: g == 'takkure' and p < 210,
 'takkure-b': lambda g, i, p: g == 'takkure' and p >= 210,
 'rugby-world-a': lambda g, i, p: g == 'rugby-world' and p < 140,
 'rugby-world-b': lambda g, i, p: g == 'rugby-world' and p >= 140,
 'small-three': lambda g, i, p: g in ('touchdown-heroes', 'ta-ke', 'tacocat'),
}
files = {'takkure': 'takkure.en.txt', 'rugby-world': 'rugby-world.en.txt', 'touchdown-heroes': 'touchdown-heroes.en.txt', 'ta-ke': 'ta-ke.en.txt', 'tacocat': 'tacocat.uk.txt'}
for name, f in parts.items():
    out = open(f'{base}/parts/{name}.md', 'w', encoding='utf-8')
    n = collections.Counter()
    sec = None
    for i, g, s, t, path, kind, norm, text, pos in rows:
        if not f(g, i, pos): continue
        if s != sec:
            sec = s
            out.write(f"\n## section {s}  — {' > '.join(json.loads(path or '[]'))}\n\n")
        out.write(f"### entry {i}  ({kind}, {'normative rule' if norm else 'not normative'})\n{text}\n")
        if i in tr: out.write(f"[unofficial English translation, never quote it: {tr[i]}]\n")
        out.write("\n")
        n[g] += 1
    print(name, dict(n))
