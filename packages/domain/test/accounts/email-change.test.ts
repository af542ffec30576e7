import { describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_LINK_MINUTES,
  ENDPOINT_PERMISSIONS,
  PERMISSIONS,
  ROLES,
  ZChangeEmailRequest,
  ZEmailChangeConfirmRequest,
  emailChangeLinkExpiry,
  emailChangeLinkVerdict,
  isSameEmail,
} from '../../src/index.ts';

describe('e-mail change (decision 0037)', () => {
  const at = new Date('2026-11-27T10:00:00.000Z');

  it('gives the link 60 minutes, the end excluded', () => {
    const expiresAt = emailChangeLinkExpiry(at);
    expect(EMAIL_CHANGE_LINK_MINUTES).toBe(60);
    expect(expiresAt.toISOString()).toBe('2026-11-27T11:00:00.000Z');
    expect(emailChangeLinkVerdict({ state: 'PENDING', expiresAt, now: at })).toBe('ok');
    expect(emailChangeLinkVerdict({ state: 'PENDING', expiresAt, now: new Date(expiresAt.getTime() - 1) })).toBe('ok');
    expect(emailChangeLinkVerdict({ state: 'PENDING', expiresAt, now: expiresAt })).toBe('expired');
    expect(emailChangeLinkVerdict({ state: 'PENDING', expiresAt, now: new Date(expiresAt.getTime() + 1) })).toBe('expired');
  });

  it('says a used link is used and a replaced one replaced, whatever the time', () => {
    const expiresAt = emailChangeLinkExpiry(at);
    for (const now of [at, new Date(expiresAt.getTime() + 60_000)]) {
      expect(emailChangeLinkVerdict({ state: 'CONFIRMED', expiresAt, now })).toBe('used');
      expect(emailChangeLinkVerdict({ state: 'SUPERSEDED', expiresAt, now })).toBe('replaced');
    }
  });

  it('compares addresses as the unique index does (case and surrounding spaces ignored)', () => {
    expect(isSameEmail('Ana@Example.com', ' ana@example.com ')).toBe(true);
    expect(isSameEmail('ana@example.com', 'ana2@example.com')).toBe(false);
  });

  it('takes the new address as sign-up does: trimmed, lower-cased, at most 254 characters, well formed', () => {
    expect(ZChangeEmailRequest.parse({ newEmail: '  Ana.Nueva@Example.COM ', currentPassword: ' clave con espacios ' })).toEqual({
      newEmail: 'ana.nueva@example.com',
      currentPassword: ' clave con espacios ',
    });
    const issues = (value: unknown) => {
      const result = ZChangeEmailRequest.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(issues({ newEmail: 'no-es-un-correo', currentPassword: 'x' })).toEqual(['newEmail:validation.invalidEmail']);
    const long = (last: number) => `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(last)}.es`;
    expect(long(62)).toHaveLength(254);
    expect(issues({ newEmail: long(62), currentPassword: 'x' })).toEqual([]);
    expect(issues({ newEmail: long(63), currentPassword: 'x' })[0]).toMatch(/^newEmail:validation\.tooLong/);
    expect(issues({ newEmail: '', currentPassword: '' })).toEqual(['newEmail:validation.required', 'currentPassword:validation.required']);
    expect(issues({ newEmail: 'a@b.es', currentPassword: 'x'.repeat(129) })[0]).toMatch(/^currentPassword:validation\.tooLong/);
    expect(issues({ newEmail: 'a@b.es', currentPassword: 'x', role: 'ADMIN' }).length).toBe(1);
  });

  it('takes only a well-formed token', () => {
    expect(ZEmailChangeConfirmRequest.safeParse({ token: 'A'.repeat(43) }).success).toBe(true);
    for (const token of ['', 'corto', 'A'.repeat(201), 'con espacios y más letras', 42]) expect(ZEmailChangeConfirmRequest.safeParse({ token }).success).toBe(false);
  });

  it('lets every signed-in person ask for their own change; the link is public (the token names the person)', () => {
    expect([...PERMISSIONS['account.changeEmail']].sort()).toEqual([...ROLES].sort());
    expect(ENDPOINT_PERMISSIONS['POST /api/users/me/email']).toBe('account.changeEmail');
    expect(ENDPOINT_PERMISSIONS['POST /api/users/email-change/confirm']).toBe('public');
  });
});
