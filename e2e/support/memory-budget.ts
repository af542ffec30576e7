import fs from 'node:fs';
import path from 'node:path';

/**
 * The memory budget of the embedded default (issue 12; docs/decisions/0013-embedded-memory.md):
 * after the whole suite, the server (PGlite, the default `npm start`) holds at most 400 MB of
 * RSS. Run as the global teardown, before Playwright stops the server; prints the figures and
 * fails the run over the budget. E2E_RSS_BUDGET_MB changes the budget (to try the check).
 */
export default function checkMemoryBudget(): void {
  const budgetMb = Number(process.env['E2E_RSS_BUDGET_MB'] ?? 400);
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('memory budget: E2E_DATA_DIR is not set');
  const pid = fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8').trim();
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    console.warn(`memory budget: /proc/${pid}/status cannot be read here (not Linux?); not checked`);
    return;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const rssMb = kb('VmRSS') / 1024;
  const hwmMb = kb('VmHWM') / 1024;
  const line = `server memory after the suite: RSS ${rssMb.toFixed(1)} MB (peak VmHWM ${hwmMb.toFixed(1)} MB), budget ${budgetMb} MB`;
  console.warn(line);
  if (!(rssMb <= budgetMb)) throw new Error(`memory budget exceeded: ${line}`);
}
