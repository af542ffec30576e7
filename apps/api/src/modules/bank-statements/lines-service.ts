import type { FastifyInstance } from 'fastify';
import {
  formatEur,
  parseEur,
  toPage,
  type TAssignLineRequest,
  type TDismissLineRequest,
  type TStatementImportsPage,
  type TStatementImportsQuery,
  type TStatementLine,
  type TStatementLinesPage,
  type TStatementLinesQuery,
} from '@kc/domain';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordAudit, type TAuditContext } from '../audit/service.ts';
import { recordPayment } from '../ledger/service.ts';
import { findImports, findLine, findLines, resolveLine, type TLineRow } from './lines-repository.ts';

// The unmatched lines --------------------------------------------------------------------------

/** Company staff see every line; an advisor sees the lines of the statements they imported. */
const seesAllLines = (caller: TAuthUser) => caller.roles.includes('ADMIN') || caller.roles.includes('COMPANY_MANAGER');

const toLine = (row: TLineRow): TStatementLine => ({
  id: row.id,
  importId: row.import_id,
  fileName: row.file_name,
  lineNumber: row.line_number,
  valueDate: row.value_date,
  amount: formatEur(parseEur(row.amount)),
  reference: row.reference,
  description: row.description,
  reason: row.reason,
  contractId: row.contract_id,
  status: row.status,
  resolvedAt: row.resolved_at ? row.resolved_at.toISOString() : null,
  resolutionNote: row.resolution_note,
  paymentId: row.payment_id,
  importedAt: row.imported_at.toISOString(),
});

export async function listLines(app: FastifyInstance, caller: TAuthUser, query: TStatementLinesQuery): Promise<TStatementLinesPage> {
  const { rows, total } = await findLines(app.db, caller.companyId, { status: query.status, importedBy: seesAllLines(caller) ? null : caller.id }, query.size, query.page * query.size);
  return toPage(rows.map(toLine), query.page, query.size, total, true);
}

/** Past imports, newest first: every import of the company for its staff, an advisor's own otherwise. */
export async function listImports(app: FastifyInstance, caller: TAuthUser, query: TStatementImportsQuery): Promise<TStatementImportsPage> {
  const { rows, total } = await findImports(app.db, caller.companyId, { importedBy: seesAllLines(caller) ? null : caller.id }, query.size, query.page * query.size);
  const items = rows.map((r) => ({
    importId: r.id,
    fileName: r.file_name,
    lines: r.lines,
    recorded: r.recorded,
    alreadyRecorded: r.already_recorded,
    unmatched: r.unmatched,
    alreadyListed: r.already_listed,
    ignored: r.ignored,
    recordedAmount: formatEur(parseEur(r.recorded_amount)),
    importedAt: r.imported_at.toISOString(),
    importedBy: `${r.importer_first_name} ${r.importer_last_name}`.trim(),
    open: Number(r.open),
  }));
  return toPage(items, query.page, query.size, total, true);
}

/** An open line the caller may resolve; 404 for another company's, or another advisor's import. */
async function reachableLine(app: FastifyInstance, caller: TAuthUser, lineId: string): Promise<TLineRow> {
  if (!isUuid(lineId)) throw notFound('statementLineNotFound');
  const line = await findLine(app.db, caller.companyId, lineId);
  if (!line || (!seesAllLines(caller) && line.imported_by !== caller.id)) throw notFound('statementLineNotFound');
  if (line.status !== 'OPEN') throw new AppError(409, 'statementLineResolved', { status: line.status });
  return line;
}

/**
 * Resolves a line by booking it to a contract: the ledger's recordPayment with the line's key as
 * reference (so a repeated request answers the same payment), then the line is closed with the
 * payment and an audit entry. The contract must be one the caller acts for (404 otherwise).
 */
export async function assignLine(app: FastifyInstance, caller: TAuthUser, lineId: string, body: TAssignLineRequest, audit: TAuditContext): Promise<TStatementLine> {
  const line = await reachableLine(app, caller, lineId);
  const { payment } = await recordPayment(
    app,
    caller,
    body.contractId,
    { amount: formatEur(parseEur(line.amount)), valueDate: line.value_date, method: 'TRANSFER', reference: line.line_key },
    audit,
  );
  await app.db.transaction().execute(async (tx) => {
    const current = await findLine(tx, caller.companyId, line.id, { forUpdate: true });
    if (current?.status === 'ASSIGNED' && current.payment_id === payment.id) return;
    if (!(await resolveLine(tx, caller.companyId, line.id, { status: 'ASSIGNED', resolvedBy: caller.id, note: null, paymentId: payment.id }))) {
      throw new AppError(409, 'statementLineResolved', { status: current?.status ?? 'OPEN' });
    }
    await recordAudit(tx, audit, {
      entityType: 'bankStatementLine',
      entityId: line.id,
      action: 'bankStatementLine.assign',
      before: { status: 'OPEN', reason: line.reason },
      after: { status: 'ASSIGNED', contractId: body.contractId, paymentId: payment.id, amount: payment.amount, valueDate: line.value_date },
    });
  });
  return toLine((await findLine(app.db, caller.companyId, line.id))!);
}

/** Resolves a line by dismissing it, with the reason (audited). */
export async function dismissLine(app: FastifyInstance, caller: TAuthUser, lineId: string, body: TDismissLineRequest, audit: TAuditContext): Promise<TStatementLine> {
  const line = await reachableLine(app, caller, lineId);
  await app.db.transaction().execute(async (tx) => {
    if (!(await resolveLine(tx, caller.companyId, line.id, { status: 'DISMISSED', resolvedBy: caller.id, note: body.reason, paymentId: null }))) {
      throw new AppError(409, 'statementLineResolved', { status: 'DISMISSED' });
    }
    await recordAudit(tx, audit, {
      entityType: 'bankStatementLine',
      entityId: line.id,
      action: 'bankStatementLine.dismiss',
      before: { status: 'OPEN', reason: line.reason },
      after: { status: 'DISMISSED', note: body.reason, amount: formatEur(parseEur(line.amount)), valueDate: line.value_date },
    });
  });
  return toLine((await findLine(app.db, caller.companyId, line.id))!);
}

/** A person's erasure (issue 16): this module's part, run by privacy in its transaction (lib/erasure.ts). */
export { eraseStatementLines } from './lines-repository.ts';
