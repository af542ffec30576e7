import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const client = path.resolve(import.meta.dirname, '../apps/web', process.env['KC_WEB_BUILD_DIR'] ?? 'build', 'client');

/**
 * The JavaScript a prerendered page loads on first visit: every script and modulepreload its
 * HTML names, gzipped at level 9 (what the server's pre-compressed .gz holds).
 */
export function firstLoadJs(pagePath: string): { files: number; gzipBytes: number } {
  const html = fs.readFileSync(path.join(client, pagePath, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/web\/assets\/[^"]+\.js)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*"(\/web\/assets\/[^"]+\.js)"/g)) urls.add(match[1]!);
  let gzipBytes = 0;
  for (const url of urls) {
    const file = path.join(client, url.replace(/^\/web\//, ''));
    gzipBytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return { files: urls.size, gzipBytes };
}
