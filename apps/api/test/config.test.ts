import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_SECOND_FACTOR_KEY, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/var$/);
    expect(config.seedDemo).toBe(true);
  });

  it('links in e-mails follow the port unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '3555' }).PUBLIC_URL).toBe('http://localhost:3555');
    expect(loadConfig({ PORT: '3555', PUBLIC_URL: 'https://kc.example' }).PUBLIC_URL).toBe('https://kc.example');
  });

  it('binds passkeys to the public URL unless WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS say otherwise, and checks them', () => {
    expect(loadConfig({ PORT: '3555' })).toMatchObject({ WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: ['http://localhost:3555'], WEBAUTHN_RP_NAME: 'KC' });
    expect(loadConfig({ PUBLIC_URL: 'https://app.kc.example/' })).toMatchObject({ WEBAUTHN_RP_ID: 'app.kc.example', WEBAUTHN_ORIGINS: ['https://app.kc.example'] });
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3303', WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: 'http://localhost:3303, http://127.0.0.1:3303' })).toMatchObject({
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: ['http://localhost:3303', 'http://127.0.0.1:3303'],
    });
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'https://kc.example', WEBAUTHN_ORIGINS: 'https://kc.example/web' })).toThrow(/WEBAUTHN_RP_ID[\s\S]*WEBAUTHN_ORIGINS/);
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'ftp://x', NODE_ENV: 'staging', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'NODE_ENV', 'LOG_LEVEL']) expect(issues).toContain(key);
  });

  it('treats empty values as unset and seeds nothing in production', () => {
    const config = loadConfig({ PORT: '', NODE_ENV: 'production', SECOND_FACTOR_KEY: 'ab'.repeat(32), SMTP_URL: 'smtp://mail.kc.example:587' });
    expect(config.PORT).toBe(3000);
    expect(config.seedDemo).toBe(false);
  });

  it('needs its own SECOND_FACTOR_KEY in production, and uses the development key elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECOND_FACTOR_KEY: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SECOND_FACTOR_KEY: DEVELOPMENT_SECOND_FACTOR_KEY })).toThrow(/SECOND_FACTOR_KEY: the development key/);
    expect(() => loadConfig({ SECOND_FACTOR_KEY: 'abc' })).toThrow(/SECOND_FACTOR_KEY: must be 64 hexadecimal/);
    expect(loadConfig({}).secondFactorKey.equals(Buffer.from(DEVELOPMENT_SECOND_FACTOR_KEY, 'hex'))).toBe(true);
    const key = loadConfig({ NODE_ENV: 'production', SECOND_FACTOR_KEY: 'Ab'.repeat(32), SMTP_URL: 'smtp://mail.kc.example:587' }).secondFactorKey;
    expect(key.length).toBe(32);
    expect(key.toString('hex')).toBe('ab'.repeat(32));
  });

  it('refuses the mail folder (no SMTP_URL) to a production mail worker, listed with the other bad keys; keeps it elsewhere', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(/^SECOND_FACTOR_KEY: required in production/);
    expect(issues[1]).toMatch(/^SMTP_URL: required in production while the mail worker runs/);
    expect(() => loadConfig({ NODE_ENV: 'production', SECOND_FACTOR_KEY: 'ab'.repeat(32) })).toThrow(/SMTP_URL: required in production/);
    // With SMTP, or with no mail worker (the bench's production servers), production starts.
    expect(loadConfig({ NODE_ENV: 'production', SECOND_FACTOR_KEY: 'ab'.repeat(32), SMTP_URL: 'smtps://mail.kc.example' }).SMTP_URL).toBe('smtps://mail.kc.example');
    expect(loadConfig({ NODE_ENV: 'production', SECOND_FACTOR_KEY: 'ab'.repeat(32), MAIL_POLL_MS: '0' }).SMTP_URL).toBeUndefined();
    // Development and tests keep the folder transport (the e2e suite reads its files).
    expect(loadConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).SMTP_URL).toBeUndefined();
  });

  it('lets only loopback read the metrics by default, and checks METRICS_ALLOW and METRICS_TOKEN', () => {
    expect(loadConfig({}).METRICS_ALLOW).toEqual(['127.0.0.0/8', '::1']);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_ALLOW: 'none' }).METRICS_ALLOW).toEqual([]);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8 , 192.0.2.7,fd00::/8 ' }).METRICS_ALLOW).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.1/8/2', '::1/129', '10.0.0.0/x']) {
      expect(() => loadConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW/);
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(32) }).METRICS_TOKEN).toBe('x'.repeat(32));
  });

  it('bounds every PostgreSQL statement, lock wait and idle transaction by default, and checks the limits', () => {
    expect(loadConfig({})).toMatchObject({ DATABASE_STATEMENT_TIMEOUT_MS: 10_000, DATABASE_LOCK_TIMEOUT_MS: 5000, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000 });
    expect(
      loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0', DATABASE_LOCK_TIMEOUT_MS: '1500', DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '60000' }),
    ).toMatchObject({ DATABASE_STATEMENT_TIMEOUT_MS: 0, DATABASE_LOCK_TIMEOUT_MS: 1500, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000 });
    let error: unknown;
    try {
      loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '10s', DATABASE_LOCK_TIMEOUT_MS: '-1', DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2.5', PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    for (const key of ['DATABASE_STATEMENT_TIMEOUT_MS', 'DATABASE_LOCK_TIMEOUT_MS', 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 'PORT']) expect(issues).toContain(key);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: String(3_600_001) })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});
