import { describe, expect, it } from 'vitest';
import { diffFields, readAuditState, showValue, toAuditQuery, writeAuditState } from './audit-params.ts';

describe('audit page address', () => {
  it('reads known filters, drops unknown values, and writes them back the same', () => {
    const state = readAuditState(new URLSearchParams('entityType=user&entityId=u1&action=user.deactivate&from=2026-01-01&to=bad&page=2&junk=1'));
    expect(state).toEqual({ actorId: '', entityType: 'user', entityId: 'u1', action: 'user.deactivate', from: '2026-01-01', to: '', page: 1 });
    expect(writeAuditState(state).toString()).toBe('entityType=user&entityId=u1&action=user.deactivate&from=2026-01-01&page=2');
    expect(toAuditQuery(state)).toBe('entityType=user&entityId=u1&action=user.deactivate&from=2026-01-01&page=1&size=20');
    expect(readAuditState(new URLSearchParams('entityType=nope&action=drop.table')).entityType).toBe('');
  });
});

describe('diffFields', () => {
  it('lists only what changed, set or cleared', () => {
    expect(diffFields({ roles: ['ADVISOR'], isActive: true }, { roles: ['ADVISOR', 'INVESTOR'], isActive: true })).toEqual([
      { field: 'roles', before: ['ADVISOR'], after: ['ADVISOR', 'INVESTOR'] },
    ]);
    expect(diffFields(null, { email: 'a@b.c' })).toEqual([{ field: 'email', before: undefined, after: 'a@b.c' }]);
    expect(diffFields({ isDeleted: false }, null)).toEqual([{ field: 'isDeleted', before: false, after: undefined }]);
  });
  it('shows values readably', () => {
    expect(showValue(['A', 'B'])).toBe('A, B');
    expect(showValue(null)).toBeUndefined();
    expect(showValue(false)).toBe('false');
  });
});
