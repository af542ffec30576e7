/**
 * zod compiles object parsers with `new Function` unless told not to; under our CSP (no
 * 'unsafe-eval') its probe is refused and reported as a violation. zod keeps its settings on
 * `globalThis.__zod_globalConfig` and reads them there when it loads, so setting `jitless`
 * here turns the probe off without pulling zod into the app shell (zod-csp.test.ts checks
 * that zod sees it).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
