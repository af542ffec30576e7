// Bundles the API into dist/server.js. Our own workspace code (@kc/domain, TypeScript source)
// is bundled in; every npm dependency stays external and is loaded from node_modules.
import { build } from 'esbuild';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kc/'));

await build({
  entryPoints: ['src/server.ts'],
  outfile: process.env.KC_API_OUTFILE ?? 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: { js: "import { createRequire as __kcRequire } from 'node:module'; const require = __kcRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('api: dist/server.js built');
