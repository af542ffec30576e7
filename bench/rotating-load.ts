// A bounded autocannon run whose requests cycle through many variants (each a path, headers and
// body: one per user), so that a benchmark measures many distinct users, not one asked again and
// again. Run in a child process by load.ts's loadVariants():
//   tsx rotating-load.ts <config.json>
// config: { origin, method, variantsFile, connections, seconds, overallRate?, uniqueHeader? }
// uniqueHeader: a header set to a fresh UUID on every request (e.g. Idempotency-Key).
// Prints one JSON line: { requestsPerSecond, p50Ms, p975Ms, p99Ms, bad, statusCodes }.
import fs from 'node:fs';
import autocannon from 'autocannon';

interface TVariant {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  uniqueHeader?: string;
}

const config = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as {
  origin: string;
  variantsFile: string;
  connections: number;
  seconds: number;
  overallRate?: number;
};
const variants = JSON.parse(fs.readFileSync(config.variantsFile, 'utf8')) as TVariant[];
let next = 0;
const statusCodes: Record<string, number> = {};

const instance = autocannon(
  {
  url: config.origin,
  connections: config.connections,
  duration: config.seconds,
  ...(config.overallRate ? { overallRate: config.overallRate } : {}),
  requests: [
    {
      setupRequest: (request) => {
        const variant = variants[next++ % variants.length]!;
        const headers = { ...variant.headers };
        if (variant.uniqueHeader) headers[variant.uniqueHeader] = crypto.randomUUID();
        return { ...request, method: (variant.method ?? 'GET') as 'GET', path: variant.path, headers, ...(variant.body !== undefined ? { body: variant.body } : {}) };
      },
    },
  ],
  },
  (error, r) => {
    if (error) throw error;
    process.stdout.write(
    `${JSON.stringify({
      requestsPerSecond: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p975Ms: r.latency.p97_5,
      p99Ms: r.latency.p99,
      bad: r.errors + r.non2xx + r.timeouts,
      statusCodes,
    })}\n`,
    );
  },
);
instance.on('response', (_client: unknown, statusCode: number) => {
  statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
});
