import { describe, expect, it } from 'vitest';

/**
 * "Si" without its accent means "if": every yes/no question of the Spanish screens says "Sí".
 * A key named `yes` anywhere, and any text that is only "Si", must read "Sí" — except the contract
 * confirmations (archive, recover, suspend, reactivate, revoke), whose buttons the specification
 * names word for word ("buttons Si/No", section 4), as it does their 'Archivado!'.
 */
const SPECIFICATION_TEXTS = new Set(['./es/contracts.json:confirm.yes']);
const files = import.meta.glob<{ default: unknown }>('./es/*.json', { eager: true });

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, value]];
}

describe('Spanish yes', () => {
  it('is "Sí", with its accent, in every namespace', () => {
    const yeses: string[] = [];
    for (const [file, module] of Object.entries(files)) {
      for (const [key, text] of leaves(module.default)) {
        const isYes = /(^|\.)yes$/.test(key);
        if (isYes) yeses.push(`${file}:${key}`);
        if (SPECIFICATION_TEXTS.has(`${file}:${key}`)) expect(text, `${file}:${key}`).toBe('Si');
        else if (isYes || String(text).trim() === 'Si') expect(text, `${file}:${key}`).toBe('Sí');
      }
    }
    // The security page's, the account's and the contracts' questions among them.
    expect(yeses).toEqual(expect.arrayContaining(['./es/strong-auth-screens.json:confirm.yes', './es/account.json:yes', './es/contracts.json:confirm.yes']));
  });
});
