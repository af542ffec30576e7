import type { Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;

/**
 * One chunk for the code every page runs: React Router's client entry, the root route and
 * everything they import statically (React, React Router, i18next, the navbar, footer and
 * cookie dialog, the session). Left to Rollup, that code came as 14 files of 1–60 KB; a browser
 * on HTTP/1.1 fetches six at a time, so on a slow connection each extra round of requests
 * delayed hydration by a full round trip. Bundling them costs no byte: every page loads all of
 * them anyway.
 *
 * Rollup puts the static imports of a manual chunk's modules in that chunk too, so a module of
 * the shell must not import the `@kc/domain` barrel (it would bring every schema of the domain,
 * zod included, onto every page): it imports the file it needs (`@kc/domain/http/paths.ts`).
 * The build fails if one does.
 */
const SHELL_ROOTS = /(?:\/entry\.client\.[jt]sx?|\/src\/root\.tsx)$/;
const DOMAIN_BARREL = /\/packages\/domain\/src\/index\.ts$/;

export function shellChunk(): (id: string, meta: ManualChunkMeta) => string | undefined {
  let shell: Set<string> | undefined;
  return (id, meta) => {
    shell ??= collectShell(meta);
    return shell.has(id) ? 'shell' : undefined;
  };
}

function collectShell(meta: ManualChunkMeta): Set<string> {
  const shell = new Set<string>();
  const queue = [...meta.getModuleIds()].filter((id) => SHELL_ROOTS.test(id));
  if (queue.length < 2) throw new Error(`shell chunk: expected the client entry and the root route, found ${queue.join(', ') || 'neither'}`);
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (shell.has(id)) continue;
    shell.add(id);
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) {
      if (DOMAIN_BARREL.test(imported)) {
        throw new Error(`shell chunk: ${id} imports the @kc/domain barrel; import the module it needs by its path instead`);
      }
      queue.push(imported);
    }
  }
  return shell;
}
