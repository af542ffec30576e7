// `npm run bench:first-load -w @kc/bench` (after `npm run build`): the first-load JavaScript of
// the budgeted pages (page-weight.ts), alone. Starts the server itself on a loopback port.
import { measureFirstLoad, printFirstLoad } from './page-weight.ts';
import { serveProduct } from './serve-product.ts';

const product = await serveProduct('bench-first-load');
try {
  console.log('— First-load JavaScript in Chromium (gzip -9 of every script the page fetches) —');
  const met = printFirstLoad(await measureFirstLoad(product.origin), (label, value) => console.log(`${label.padEnd(48)} ${value}`));
  process.exitCode = met ? 0 : 1;
} finally {
  await product.close();
}
