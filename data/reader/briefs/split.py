"""Freeze the train/dev/test split by section (before any training)."""
import json, random, sqlite3
db = sqlite3.connect('/work/packets/referee.db')
rows = db.execute("select coalesce(section_id, game || '/front'), game, sum(normative) from entries group by 1, game order by game, min(position)").fetchall()
out = {}
for game in sorted({g for _, g, _ in rows}):
    secs = [(s, n) for s, g, n in rows if g == game]
    rng = random.Random(f"referee-split-{game}")
    order = secs[:]
    rng.shuffle(order)
    total = sum(n for _, n in secs) or 1
    acc = {"test": 0, "dev": 0}
    for s, n in order:
        if acc["test"] < 0.15 * total:
            out[s] = "test"; acc["test"] += n
        elif acc["dev"] < 0.15 * total:
            out[s] = "dev"; acc["dev"] += n
        else:
            out[s] = "train"
    print(game, {k: sum(n for s, n in secs if out[s] == k) for k in ("train", "dev", "test")}, total)
json.dump({"how": "sections of each game shuffled with random.Random('referee-split-<game>'), then test until >= 15% of the game's normative entries, dev until >= 15%, the rest train", "sections": out}, open('splits.json', 'w'), indent=1, ensure_ascii=False)
