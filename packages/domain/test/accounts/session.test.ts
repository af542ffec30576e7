import { describe, expect, it } from 'vitest';
import {
  ZIdentity,
  ZSession,
  ZTokenError,
  ZTokenResponse,
  makeSession,
} from '../../src/accounts/session.ts';
import { getSessionRemainingMs, isSessionExpired } from '../../src/accounts/session-time.ts';

const tokenResponse = { access_token: 'tok-123', token_type: 'bearer', expires_in: 3600, scope: 'read write' };
const identity = { id: '6f1c2a9e-6c1a-4e8e-9a57-2f4f6f0d1b2c', username: 'ana@example.com', roles: ['INVESTOR'] as const };
const now = new Date('2026-05-15T10:00:00.000Z');

describe('token answers', () => {
  it('reads a token response (RFC 6749)', () => {
    expect(ZTokenResponse.parse(tokenResponse)).toEqual(tokenResponse);
    expect(ZTokenResponse.parse({ ...tokenResponse, token_type: 'Bearer', scope: undefined }).token_type).toBe('Bearer');
    expect(ZTokenResponse.safeParse({ ...tokenResponse, token_type: 'mac' }).success).toBe(false);
    expect(ZTokenResponse.safeParse({ ...tokenResponse, expires_in: 0 }).success).toBe(false);
    expect(ZTokenResponse.safeParse({ ...tokenResponse, expires_in: '3600' }).success).toBe(false);
    expect(ZTokenResponse.safeParse({ ...tokenResponse, access_token: '' }).success).toBe(false);
  });

  it('reads a token error', () => {
    const error = { error: 'invalid_grant', error_description: 'Usuario o contraseña incorrectos' };
    expect(ZTokenError.parse(error)).toEqual(error);
    expect(ZTokenError.safeParse({ error: 'invalid_grant' }).success).toBe(false);
    expect(ZTokenError.safeParse({ error: '', error_description: 'x' }).success).toBe(false);
  });

  it('reads an identity', () => {
    expect(ZIdentity.parse(identity)).toEqual(identity);
    expect(ZIdentity.parse({ ...identity, roles: [] }).roles).toEqual([]);
    expect(ZIdentity.safeParse({ ...identity, roles: ['ROOT'] }).success).toBe(false);
  });
});

describe('makeSession', () => {
  it('builds the session of specification 3, without the access token', () => {
    const session = makeSession(ZTokenResponse.parse(tokenResponse), ZIdentity.parse(identity), now);
    expect(JSON.stringify(session)).not.toContain('tok-123');
    expect(session).toEqual({
      userId: identity.id,
      identity: { id: identity.id, username: 'ana@example.com', roles: ['INVESTOR'] },
      roles: ['INVESTOR'],
      expiryTime: 3_600_000,
      expiryDate: '2026-05-15T11:00:00.000Z',
    });
    expect(ZSession.parse(JSON.parse(JSON.stringify(session)))).toEqual(session);
  });

  it('keeps a temporary password in the session, so the app asks for a new one first', () => {
    const session = makeSession(tokenResponse, ZIdentity.parse({ ...identity, isTemporalPassword: true }), now);
    expect(session.identity.isTemporalPassword).toBe(true);
    expect(ZSession.parse(JSON.parse(JSON.stringify(session)))).toEqual(session);
    expect(makeSession(tokenResponse, ZIdentity.parse({ ...identity, isTemporalPassword: false }), now).identity).not.toHaveProperty('isTemporalPassword');
  });

  it('does not share the role arrays with its inputs', () => {
    const id = { ...identity, roles: ['INVESTOR' as const] };
    const session = makeSession(tokenResponse, id, now);
    id.roles.push('ADMIN' as never);
    expect(session.roles).toEqual(['INVESTOR']);
    expect(session.identity.roles).toEqual(['INVESTOR']);
  });

  it('expires at expiryDate', () => {
    const session = makeSession(tokenResponse, identity as never, now);
    expect(isSessionExpired(session, now)).toBe(false);
    expect(isSessionExpired(session, new Date('2026-05-15T10:59:59.999Z'))).toBe(false);
    expect(isSessionExpired(session, new Date('2026-05-15T11:00:00.000Z'))).toBe(true);
    expect(getSessionRemainingMs(session, now)).toBe(3_600_000);
    expect(getSessionRemainingMs(session, new Date('2026-05-15T12:00:00Z'))).toBe(0);
    expect(isSessionExpired({ ...session, expiryDate: 'garbage' }, now)).toBe(true);
  });

  it('refuses a stored session that is not one', () => {
    expect(ZSession.safeParse({ userId: 'u' }).success).toBe(false);
    const session = makeSession(tokenResponse, identity as never, now);
    expect(ZSession.safeParse({ ...session, expiryDate: '15/05/2026' }).success).toBe(false);
  });
});
