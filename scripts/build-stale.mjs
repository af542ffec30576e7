// Builds what is not built (or is older than its sources): the web app and the API bundle.
// Used by `npm start` and `npm run start:cluster`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  let latest = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'build' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else latest = Math.max(latest, fs.statSync(full).mtimeMs);
    }
  };
  walk(dir);
  return latest;
};
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
export function buildIfStale() {
  const domain = newest(path.join(root, 'packages/domain'));
  const targets = [
    { workspace: '@kc/web', output: 'apps/web/build/client/__spa-fallback.html', sources: ['apps/web'] },
    { workspace: '@kc/api', output: 'apps/api/dist/server.js', sources: ['apps/api'] },
  ];
  for (const target of targets) {
    const sourceTime = Math.max(domain, ...target.sources.map((s) => newest(path.join(root, s))));
    if (mtime(path.join(root, target.output)) >= sourceTime) continue;
    console.log(`Building ${target.workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

