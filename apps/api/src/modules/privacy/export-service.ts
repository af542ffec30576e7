import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';
import { CSV_BOM, csvDialect, exportArchiveName, exportIndex, exportIndexName, EXPORT_SECTIONS, localizeDecimal, type TLanguage } from '@kc/domain';
import { AppError } from '../../lib/app-error.ts';
import { hit } from '../../lib/rate-limit.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { EXPORT_SECTION_SOURCES, type TExportRow, type TExportSectionSource, type TExportValue } from './export-sections.ts';
import './export-messages.ts';

/** At most this many exports per person and window: an archive reads everything they have. */
export const PRIVACY_EXPORT_RATE_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

/** A text cell that a spreadsheet would run as a formula (=, +, -, @ first) gets an apostrophe first. */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One cell of a CSV file, from the same value the JSON file holds. */
export function csvCell(value: TExportValue, kind: 'text' | 'decimal' | 'json', lang: TLanguage): string {
  if (value === null) return '';
  if (kind === 'json' || typeof value === 'object') return JSON.stringify(value);
  if (kind === 'decimal') return localizeDecimal(String(value), lang);
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return safeText(value);
}

/** A section's CSV: UTF-8 with a byte order mark, the language's separator, a header of the JSON keys. */
export function sectionCsv(source: TExportSectionSource, rows: readonly TExportRow[], lang: TLanguage): string {
  const header = source.columns.map(([key]) => key);
  const body = rows.map((row) => source.columns.map(([key, kind]) => csvCell(row[key] ?? null, kind ?? 'text', lang)));
  return CSV_BOM + stringify([header, ...body], { delimiter: csvDialect(lang).delimiter, record_delimiter: '\r\n' });
}

/** Counts and hashes the archive's bytes on their way out; `complete` once the last one passed. */
class ArchiveMeter extends Transform {
  bytes = 0;
  complete = false;
  private readonly hash = createHash('sha256');
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    this.complete = true;
    done();
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

export interface TExportArchive {
  fileName: string;
  /** The ZIP, compressed as it is sent (yazl); nothing is written to disk. */
  stream: ArchiveMeter;
  files: string[];
  /** Writes the download's audit entry once the whole archive has reached the client. */
  recordDownload(): Promise<void>;
}

/**
 * The signed-in person's data as a ZIP (issue 16, GDPR Art. 15/20, decision 0027): one JSON and
 * one CSV per section and the index file in their language. The person only ever reads their
 * own data: every section is filtered by the caller's id and company, and nothing in the request
 * can name anyone else. Limited per person (429). The request is audited before anything is read;
 * the download when its last byte was sent.
 */
export async function buildPersonalDataExport(app: FastifyInstance, caller: TAuthUser, lang: TLanguage, audit: TAuditContext, now = new Date()): Promise<TExportArchive> {
  const limit = await hit(app.db, `privacy-export:${caller.id}`, PRIVACY_EXPORT_RATE_LIMIT.limit, PRIVACY_EXPORT_RATE_LIMIT.windowSeconds);
  if (!limit.allowed) {
    throw new AppError(429, 'privacyExportRateLimited', { minutes: Math.ceil(limit.retryAfterSeconds / 60), seconds: limit.retryAfterSeconds });
  }
  const fileName = exportArchiveName(lang, now);
  await recordAudit(app.db, audit, { entityType: 'user', entityId: caller.id, action: 'user.requestDataExport', after: { fileName, language: lang } });

  // One snapshot: every section sees the same moment, and the archive's JSON and CSV the same rows.
  const sections = await app.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const memo = new Map<string, Promise<unknown>>();
      const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
        if (!memo.has(key)) memo.set(key, read());
        return memo.get(key) as Promise<T>;
      };
      const ctx = { db: tx, companyId: caller.companyId, userId: caller.id, email: caller.email, lang, once };
      const out: { source: TExportSectionSource; rows: TExportRow[] }[] = [];
      for (const source of EXPORT_SECTION_SOURCES) out.push({ source, rows: await source.rows(ctx) });
      return out;
    });

  const zip = new yazl.ZipFile();
  const files: string[] = [];
  const add = (name: string, text: string) => {
    zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime: now, mode: 0o100644 });
    files.push(name);
  };
  add(exportIndexName(lang), exportIndex(lang, now, EXPORT_SECTIONS));
  for (const { source, rows } of sections) {
    add(`${source.name}.json`, `${JSON.stringify(rows, null, 2)}\n`);
    add(`${source.name}.csv`, sectionCsv(source, rows, lang));
  }
  zip.end();
  const stream = new ArchiveMeter();
  zip.outputStream.on('error', (error: Error) => stream.destroy(error));
  zip.outputStream.pipe(stream);

  return {
    fileName,
    stream,
    files,
    async recordDownload() {
      if (!stream.complete) return;
      await recordAudit(app.db, audit, {
        entityType: 'user',
        entityId: caller.id,
        action: 'user.downloadDataExport',
        after: { fileName, files: files.length, bytes: stream.bytes, sha256: stream.digest() },
      });
    },
  };
}
