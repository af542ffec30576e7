import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AML_RETENTION_YEARS,
  EXPORT_SECTIONS,
  exportArchiveName,
  exportIndex,
  exportIndexName,
  addYears,
  erasureBlockers,
  erasureLinkExpiry,
  retentionAction,
  retentionPlan,
} from '../../src/privacy/index.ts';

const d = (iso: string) => new Date(iso);
const date = fc.date({ min: d('2000-01-01T00:00:00Z'), max: d('2060-12-31T00:00:00Z'), noInvalidDate: true });
const maybeDate = fc.option(date, { nil: null });

describe('retention plan', () => {
  it('a live relationship with no withdrawal is neither blocked nor erased', () => {
    expect(retentionPlan({ relationshipEndedAt: null, consentWithdrawnAt: null, hasAmlRecords: true })).toEqual({ blockFrom: null, eraseAt: null });
  });

  it('AML records: blocked at the end, erased 5 years later', () => {
    const plan = retentionPlan({ relationshipEndedAt: d('2026-03-15T10:00:00Z'), consentWithdrawnAt: null, hasAmlRecords: true });
    expect(plan.blockFrom).toEqual(d('2026-03-15T10:00:00Z'));
    expect(plan.eraseAt).toEqual(d('2031-03-15T10:00:00Z'));
  });

  it('a withdrawal keeps data 4 years for claims, AML 5 years wins when longer', () => {
    const claims = retentionPlan({ relationshipEndedAt: d('2026-01-01T00:00:00Z'), consentWithdrawnAt: d('2026-01-01T00:00:00Z'), hasAmlRecords: false });
    expect(claims.eraseAt).toEqual(d('2030-01-01T00:00:00Z'));
    const both = retentionPlan({ relationshipEndedAt: d('2026-01-01T00:00:00Z'), consentWithdrawnAt: d('2026-01-01T00:00:00Z'), hasAmlRecords: true });
    expect(both.eraseAt).toEqual(d('2031-01-01T00:00:00Z'));
  });

  it('29 February + 5 years is 28 February', () => {
    expect(addYears(d('2028-02-29T12:00:00Z'), 5)).toEqual(d('2033-02-28T12:00:00Z'));
  });

  it('a withdrawal alone blocks but never erases a live client', () => {
    const plan = retentionPlan({ relationshipEndedAt: null, consentWithdrawnAt: d('2026-01-01T00:00:00Z'), hasAmlRecords: true });
    expect(plan).toEqual({ blockFrom: d('2026-01-01T00:00:00Z'), eraseAt: null });
  });

  it('no AML records and no withdrawal: erased when the relationship ends', () => {
    const plan = retentionPlan({ relationshipEndedAt: d('2026-05-01T00:00:00Z'), consentWithdrawnAt: null, hasAmlRecords: false });
    expect(plan.eraseAt).toEqual(d('2026-05-01T00:00:00Z'));
  });

  it('property: erasure never comes before blocking, nor before the AML period when records exist', () => {
    fc.assert(
      fc.property(maybeDate, maybeDate, fc.boolean(), (ended, withdrawn, aml) => {
        const plan = retentionPlan({ relationshipEndedAt: ended, consentWithdrawnAt: withdrawn, hasAmlRecords: aml });
        if (plan.eraseAt) {
          expect(plan.blockFrom).not.toBeNull();
          expect(plan.eraseAt.getTime()).toBeGreaterThanOrEqual(plan.blockFrom!.getTime());
          expect(ended).not.toBeNull();
          if (aml) expect(plan.eraseAt.getTime()).toBeGreaterThanOrEqual(addYears(ended!, AML_RETENTION_YEARS).getTime());
          if (withdrawn) expect(plan.eraseAt.getTime()).toBeGreaterThanOrEqual(addYears(withdrawn, 4).getTime());
        }
        if (ended === null && withdrawn === null) expect(plan).toEqual({ blockFrom: null, eraseAt: null });
      }),
    );
  });
});

describe('retention action (the job)', () => {
  const facts = { relationshipEndedAt: d('2026-01-10T00:00:00Z'), consentWithdrawnAt: null, hasAmlRecords: true };

  it('blocks at the end, does nothing more until 5 years, then erases; never again once erased', () => {
    expect(retentionAction(facts, { blocked: false, erased: false }, d('2026-01-09T23:59:59Z'))).toBe('NONE');
    expect(retentionAction(facts, { blocked: false, erased: false }, d('2026-01-10T00:00:00Z'))).toBe('BLOCK');
    expect(retentionAction(facts, { blocked: true, erased: false }, d('2031-01-09T23:59:59Z'))).toBe('NONE');
    expect(retentionAction(facts, { blocked: true, erased: false }, d('2031-01-10T00:00:00Z'))).toBe('ERASE');
    expect(retentionAction(facts, { blocked: true, erased: true }, d('2040-01-01T00:00:00Z'))).toBe('NONE');
  });

  it('property: applying the action and running again at the same instant does nothing (runs twice → once)', () => {
    fc.assert(
      fc.property(maybeDate, maybeDate, fc.boolean(), date, (ended, withdrawn, aml, now) => {
        const f = { relationshipEndedAt: ended, consentWithdrawnAt: withdrawn, hasAmlRecords: aml };
        const first = retentionAction(f, { blocked: false, erased: false }, now);
        const after = { blocked: first !== 'NONE', erased: first === 'ERASE' };
        const second = retentionAction(f, after, now);
        expect(second === 'NONE' || (first === 'BLOCK' && second === 'ERASE')).toBe(true);
        if (second === 'ERASE') expect(retentionAction(f, { blocked: true, erased: true }, now)).toBe('NONE');
      }),
    );
  });
});

describe('erasure', () => {
  it('live contracts (NEW, ACTIVE, STANDBY) stop it; ARCHIVED and DELETED do not', () => {
    const contracts = ['NEW', 'ACTIVE', 'STANDBY', 'ARCHIVED', 'DELETED'].map((state, i) => ({ id: String(i), state }));
    expect(erasureBlockers(contracts).map((c) => c.state)).toEqual(['NEW', 'ACTIVE', 'STANDBY']);
    expect(erasureBlockers([{ state: 'ARCHIVED' }])).toEqual([]);
  });

  it('the confirmation link lasts one hour', () => {
    expect(erasureLinkExpiry(d('2026-11-26T21:00:00Z'))).toEqual(d('2026-11-26T22:00:00Z'));
  });
});

describe('export index', () => {
  it('names every section, both files, in the person’s language', () => {
    const at = d('2026-11-26T21:00:00Z');
    for (const lang of ['es', 'en'] as const) {
      const text = exportIndex(lang, at);
      for (const s of EXPORT_SECTIONS) {
        expect(text).toContain(`${s.name}.json, ${s.name}.csv — ${s.title[lang]}`);
      }
      expect(text).toContain('2026-11-26T21:00:00.000Z');
    }
    expect(exportIndex('es', at)).toContain('Tus datos en KC');
    expect(exportIndex('en', at)).toContain('Your data at KC');
    expect(exportIndexName('es')).toBe('LEEME.txt');
    expect(exportIndexName('en')).toBe('README.txt');
  });

  it('section names are unique and safe file names; a section is added by one entry', () => {
    const names = EXPORT_SECTIONS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z-]*$/);
    const more = [...EXPORT_SECTIONS, { name: 'documents', title: { es: 'Tus documentos.', en: 'Your documents.' } }];
    expect(exportIndex('en', d('2026-01-01T00:00:00Z'), more)).toContain('documents.json, documents.csv — Your documents.');
  });

  it('covers what issue 16 names (consents included) and names the archive by language and UTC date', () => {
    const names = EXPORT_SECTIONS.map((s) => s.name);
    for (const n of ['profile', 'payment-methods', 'contracts', 'contract-history', 'appropriateness', 'consents', 'notifications', 'mails', 'sessions']) {
      expect(names).toContain(n);
    }
    for (const s of EXPORT_SECTIONS) {
      expect(s.title.es).toMatch(/\S/);
      expect(s.title.en).toMatch(/\S/);
      expect(s.title.es).not.toBe(s.title.en);
    }
    expect(exportArchiveName('es', d('2026-11-27T23:30:00Z'))).toBe('kc-mis-datos-2026-11-27.zip');
    expect(exportArchiveName('en', d('2026-11-27T23:30:00Z'))).toBe('kc-my-data-2026-11-27.zip');
    expect(exportIndex('es', d('2026-01-01T00:00:00Z'))).toContain('punto y coma');
    expect(exportIndex('en', d('2026-01-01T00:00:00Z'))).toContain('separated by commas');
  });
});
