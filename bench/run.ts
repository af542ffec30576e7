// `npm run bench`: the calculator engine, the API's /api/health against a bare Fastify
// hello-world started by this script (same run, same machine), and the first-load JavaScript of
// the budgeted pages measured in Chromium (page-weight.ts).
import Fastify from 'fastify';
import { measure } from './http-load.ts';
import { measureFirstLoad, printFirstLoad } from './page-weight.ts';
import { serveProduct } from './serve-product.ts';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);

function line(label: string, value: string) {
  console.log(`${label.padEnd(48)} ${value}`);
}

// Calculators (issue 4): one engine recompute, budget < 1 ms.
{
  const { benchEngine } = await import('./engine.ts');
  console.log('\n— Calculator engine (one recompute) —');
  for (const row of benchEngine()) line(row.label, `mean ${row.meanMs.toFixed(3)} ms, p99 ${row.p99Ms.toFixed(3)} ms`);
}

console.log(`\n— HTTP on loopback (${seconds} s each, 50 connections) —`);
const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

const product = await serveProduct('bench');
const apiUrl = product.origin;

const hello = await measure(bareUrl, { seconds });
const health = await measure(`${apiUrl}/api/health`, { seconds });
line('bare Fastify hello-world', `${hello.requestsPerSecond} req/s, p99 ${hello.p99Ms} ms`);
line('KC /api/health', `${health.requestsPerSecond} req/s, p99 ${health.p99Ms} ms, errors ${health.errors + health.non2xx}`);
line('ratio /api/health ÷ hello-world', `${((health.requestsPerSecond / hello.requestsPerSecond) * 100).toFixed(1)} %`);

console.log('\n— Page weight (first-load JavaScript in Chromium, gzip -9) —');
printFirstLoad(await measureFirstLoad(apiUrl), line);

await product.close();
await bare.close();
