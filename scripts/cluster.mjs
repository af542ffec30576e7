// `npm run start:cluster`: builds what is stale, then runs CLUSTER_SIZE API instances (2 by
// default) behind nginx on PORT (3000), on PostgreSQL (DATABASE_URL, default the local `kc`
// database, created when missing) and Redis (REDIS_URL, default the local one). SIGHUP restarts
// the instances one at a time; Ctrl-C stops everything.
import path from 'node:path';
import { buildIfStale, root } from './build-stale.mjs';
import { startCluster } from './cluster-lib.mjs';

buildIfStale();
const size = Number(process.env.CLUSTER_SIZE ?? 2);
const port = Number(process.env.PORT ?? 3000);
const cluster = await startCluster({
  size,
  port,
  host: process.env.HOST ?? '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kc',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  dataDir: path.resolve(root, process.env.DATA_DIR ?? 'var/cluster'),
});
console.log(`KC cluster: ${size} instances behind nginx at ${cluster.publicUrl}/web (SIGHUP: rolling restart, Ctrl-C: stop)`);

let busy = false;
process.on('SIGHUP', () => {
  if (busy) return;
  busy = true;
  console.log('Rolling restart…');
  cluster.rollingRestart().then(
    () => console.log('Rolling restart done'),
    (error) => console.error(`Rolling restart failed: ${error.message}`),
  ).finally(() => (busy = false));
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.log('Stopping the cluster…');
    void cluster.stop().then(() => process.exit(0));
  });
}
