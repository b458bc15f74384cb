"""Assemble the writers' files into data/reader/ (answerable, silent, checks) with a frozen split."""
import json, glob, hashlib, random, sqlite3, collections, os, sys
OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)
db = sqlite3.connect('/work/packets/referee.db')
sec = dict(db.execute("select id, coalesce(section_id, game || '/front') from entries"))
splits = json.load(open('/work/scratch/splits.json'))['sections']
def by_hash(key):
    h = int(hashlib.sha256(key.encode()).hexdigest(), 16) % 100
    return 'test' if h < 15 else 'dev' if h < 30 else 'train'
players, silent, checks = [], [], []
for f in sorted(glob.glob('/work/packets/out/*.jsonl')):
    name = os.path.basename(f)[:-6]
    if name.startswith('disputes-'): continue
    for l in open(f, encoding='utf-8'):
        r = json.loads(l); r['source'] = name
        k = r.get('kind', 'answerable')
        if k == 'answerable':
            r['section'] = sec[r['entry']]; r['split'] = splits[r['section']]
            players.append(r)
        elif k == 'silent':
            r['section'] = sec.get(r.get('near')) if r.get('near') else None
            r['split'] = splits[r['section']] if r['section'] else by_hash(r['id'])
            silent.append(r)
        else:
            checks.append(r)
# checks: split by check, per game, fixed seed
names = collections.defaultdict(set)
for r in checks: names[r['game']].add(r.get('check') or r.get('near_check'))
check_split = {}
for g in sorted(names):
    order = sorted(names[g]); random.Random(f'referee-checks-{g}').shuffle(order)
    n = len(order); nt = max(1, round(0.15 * n)); nd = max(1, round(0.15 * n)) if n > 4 else 0
    for i, c in enumerate(order):
        check_split[(g, c)] = 'test' if i < nt else 'dev' if i < nt + nd else 'train'
for r in checks: r['split'] = check_split[(r['game'], r.get('check') or r.get('near_check'))]
# legacy judging sets must not leak in
legacy = {json.loads(l)['q'].strip().lower() for f in glob.glob('/work/main/data/questions-*.jsonl') for l in open(f)}
for rows in (players, silent, checks):
    dup = [r['id'] for r in rows if r['q'].strip().lower() in legacy]
    if dup: print('dropping legacy duplicates', dup)
    rows[:] = [r for r in rows if r['q'].strip().lower() not in legacy]
seen = set()
for rows in (players, silent, checks):
    for r in rows:
        key = (r['game'], r['q'].strip().lower())
        r['_dup'] = key in seen
        seen.add(key)
    rows[:] = [r for r in rows if not r.pop('_dup')]
KEYS = {'players': ['id', 'game', 'q', 'gold', 'entry', 'section', 'split', 'style', 'source'],
        'silent': ['id', 'game', 'q', 'gold', 'why', 'near', 'section', 'split', 'source'],
        'checks': ['id', 'game', 'kind', 'q', 'check', 'facts', 'expect', 'near_check', 'why', 'entry', 'gold', 'split', 'source']}
for name, rows in (('players', players), ('silent', silent), ('checks', checks)):
    with open(f'{OUT}/{name}.jsonl', 'w', encoding='utf-8') as fh:
        for r in rows:
            fh.write(json.dumps({k: r[k] for k in KEYS[name] if k in r}, ensure_ascii=False) + '\n')
    c = collections.Counter((r['game'], r['split']) for r in rows)
    print(name, len(rows), dict(collections.Counter(r['split'] for r in rows)))
    for g in sorted({g for g, _ in c}): print('   ', g, {s: c[(g, s)] for s in ('train', 'dev', 'test')})
print('check split', {f'{g}/{c}': s for (g, c), s in sorted(check_split.items()) if s != 'train'})
json.dump({'sections': splits, 'checks': {f'{g}/{c}': s for (g, c), s in sorted(check_split.items())}},
          open(f'{OUT}/splits.json', 'w'), indent=1, ensure_ascii=False)
