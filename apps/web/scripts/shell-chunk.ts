import path from 'node:path';
import type { Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;

/**
 * Two chunks for the code every page runs: `vendor` (React, React Router, i18next: what the
 * client entry and the root route import from node_modules) and `shell` (the root route and the
 * app modules it imports statically: navbar, footer, cookie dialog, session, i18n set-up). Left to
 * Rollup, that code came as 14 files of 1–60 KB; a browser on HTTP/1.1 fetches six at a time, so
 * each extra round of requests delayed hydration by a full round trip. Bundling costs no byte:
 * every page loads all of them anyway.
 *
 * Why two and not one: the shell carries the root's stylesheets. A chunk loaded with `import()`
 * (the carousel's engine) needs React; had React shared a chunk with those stylesheets, Vite would
 * link them a second time when that chunk loads, after the page's own CSS, and the light kit's
 * resets would then override the page's rules. `vendor` has no CSS.
 *
 * Rollup puts the static imports of a manual chunk's modules in that chunk too, so a module of
 * the shell must not import the `@kc/domain` barrel (it would bring every schema of the domain,
 * zod included, onto every page): it imports the file it needs (`@kc/domain/http/paths.ts`).
 * The build fails if one does, or if zod reaches the shell any other way.
 */
const ROOT_ROUTE = path.resolve(import.meta.dirname, '../src/root.tsx');
const CLIENT_ENTRY = /\/node_modules\/@react-router\/dev\/dist\/config\/defaults\/entry\.client\.tsx$/;
const DOMAIN_BARREL = /\/packages\/domain\/src\/index\.ts$/;
const ZOD = /\/node_modules\/zod\//;
/**
 * Mantine's core (provider, theme, styles API, Box and the factories every component is built on),
 * its hooks and TanStack Query: what every screen of the Mantine shell loads anyway. One chunk
 * instead of about fifteen small ones that each route's entry of React Router's manifest listed.
 */
const MANTINE_BASE = /\/node_modules\/(@mantine\/core\/esm\/core\/|@mantine\/hooks\/|@tanstack\/)/;
/**
 * The Mantine components that most Mantine screens use (each in more than half of the routes that
 * load the `mantine` chunk, counted in the route manifest on 2026-11-28): in that chunk too. Each
 * chunk a route imports is one more reference in the manifest that every page, the light ones
 * included, loads; these fifteen were about 740 of its 2,500. A screen that uses none of some of
 * them loads them anyway (≈ 14 KB gz in all, once, on the Mantine screens only).
 */
const MANTINE_COMMON = /\/node_modules\/@mantine\/core\/esm\/components\/(Text|Title|UnstyledButton|Container|Button|Stack|Alert|Anchor|Paper|Group|InputBase|Input|SimpleGrid|TextInput|ScrollArea)\//;
/** Our own building blocks made of Mantine (used by Mantine screens only): with it, for the same reason. */
const MANTINE_UI = /\/apps\/web\/src\/components\/ui\/(labelled-value|status-badge|paginated-list\/load-error-alert)\.tsx$/;
/**
 * The domain's HTTP constants (header names, base paths: a few dozen bytes) that the shell and the
 * API client share: kept in the shell, or Rollup makes them a chunk of their own, which every page
 * then fetches and every route of the manifest lists.
 */
const HTTP_CONSTANTS = /\/packages\/domain\/src\/http\/headers\.ts$/;
const REPO = path.resolve(import.meta.dirname, '../../..');
/** Our code (the web app, the domain package); the rest is libraries and the bundler's helpers. */
const isOurs = (id: string) => id.startsWith(`${REPO}/apps/`) || id.startsWith(`${REPO}/packages/`);

export function shellChunk(): (id: string, meta: ManualChunkMeta) => string | undefined {
  let shell: Set<string> | undefined;
  let builtFor: ManualChunkMeta | undefined;
  return (id, meta) => {
    // One set per build (a watching build calls this again with a new meta).
    if (builtFor !== meta) [shell, builtFor] = [collectShell(meta), meta];
    if (MANTINE_BASE.test(id) || MANTINE_COMMON.test(id) || MANTINE_UI.test(id)) return 'mantine';
    if (HTTP_CONSTANTS.test(id)) return 'shell';
    if (!shell!.has(id)) return undefined;
    return isOurs(id) || id.endsWith('.css') ? 'shell' : 'vendor';
  };
}

function collectShell(meta: ManualChunkMeta): Set<string> {
  const shell = new Set<string>();
  const queue = [...meta.getModuleIds()].filter((id) => id === ROOT_ROUTE || CLIENT_ENTRY.test(id));
  if (queue.length !== 2) throw new Error(`shell chunk: expected the client entry and ${ROOT_ROUTE}, found ${queue.join(', ') || 'neither'}`);
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (shell.has(id)) continue;
    shell.add(id);
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) {
      if (DOMAIN_BARREL.test(imported)) {
        throw new Error(`shell chunk: ${id} imports the @kc/domain barrel; import the module it needs by its path instead`);
      }
      if (ZOD.test(imported)) throw new Error(`shell chunk: ${id} brings zod onto every page`);
      queue.push(imported);
    }
  }
  return shell;
}
