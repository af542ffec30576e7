// React Router prerender with basename '/web/' writes pages under build/client/web/ but assets
// under build/client/assets (stack-notes, gotcha 1). Move the pages up so build/client is
// exactly what is served at /web/, then pre-compress text files (brotli 11 and gzip).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const client = path.resolve(import.meta.dirname, '..', process.env.KC_WEB_BUILD_DIR ?? 'build', 'client');
const nested = path.join(client, 'web');
if (fs.existsSync(nested)) {
  for (const entry of fs.readdirSync(nested)) {
    fs.cpSync(path.join(nested, entry), path.join(client, entry), { recursive: true });
  }
  fs.rmSync(nested, { recursive: true, force: true });
}

const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name)) {
      const data = fs.readFileSync(full);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}
walk(client);
console.log('postbuild: pages moved to build/client and text assets pre-compressed');
