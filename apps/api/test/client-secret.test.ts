import { describe, expect, it } from 'vitest';
import { hashClientSecret, verifyClientSecret } from '../src/lib/client-secret.ts';
import { hashSecret } from '../src/lib/password.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { DB_KINDS, buildTestApp } from './helpers/build-test-app.ts';
import { login } from './helpers/accounts.ts';
import { TEST_BASE_YEAR } from './helpers/constants.ts';

describe('client secrets', () => {
  it('stores a SHA-256 digest, never the secret, and verifies only the right secret', async () => {
    const stored = hashClientSecret('kc-mobile-secret');
    expect(stored).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(stored).not.toContain('kc-mobile-secret');
    expect(await verifyClientSecret(stored, 'kc-mobile-secret')).toBe(true);
    expect(await verifyClientSecret(stored, 'kc-mobile-secreT')).toBe(false);
    expect(await verifyClientSecret(stored, '')).toBe(false);
    expect(await verifyClientSecret('sha256:abc', 'kc-mobile-secret')).toBe(false);
  });

  it('still verifies a secret stored as an argon2 hash before', async () => {
    const legacy = await hashSecret('kc-mobile-secret');
    expect(await verifyClientSecret(legacy, 'kc-mobile-secret')).toBe(true);
    expect(await verifyClientSecret(legacy, 'other')).toBe(false);
  });
});

describe.each(DB_KINDS)('the demo client on %s', (kind) => {
  it('moves a secret stored as argon2 to SHA-256 when seeding, and logins keep working', async () => {
    const t = await buildTestApp(kind);
    try {
      await t.db.updateTable('oauth_clients').set({ secret_hash: await hashSecret('kc-mobile-secret') }).where('id', '=', 'kc-mobile').execute();
      expect((await login(t.app, { username: 'investor@kc.example', password: 'demo-password-2026' })).statusCode).toBe(200);
      await seedDemo(t.db, { baseYear: TEST_BASE_YEAR });
      const row = await t.db.selectFrom('oauth_clients').select('secret_hash').where('id', '=', 'kc-mobile').executeTakeFirstOrThrow();
      expect(row.secret_hash).toBe(hashClientSecret('kc-mobile-secret'));
      expect((await login(t.app, { username: 'investor@kc.example', password: 'demo-password-2026' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
