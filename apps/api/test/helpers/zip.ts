import yauzl from 'yauzl';

/** The files of a ZIP (the personal data export), read in JS with yauzl (no `unzip` tool): name → text. */
export async function unzip(body: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(body, { lazyEntries: false });
  const files = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  zip.close();
  return files;
}
