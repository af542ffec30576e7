import { describe, expect, it } from 'vitest';
import { TEST_USERS, isNonProductionHost } from './test-users.ts';

describe('test-user dropdown', () => {
  it('is offered on localhost, loopback and test or localhost domains only', () => {
    for (const host of ['localhost', '127.0.0.1', 'kc.localhost', 'app.kc.test', 'LOCALHOST']) expect(isNonProductionHost(host)).toBe(true);
    for (const host of ['kc.example', 'www.kc.es', 'test.kc.com', 'localhost.evil.com', 'kctest']) expect(isNonProductionHost(host)).toBe(false);
  });

  it('lists the demo accounts of company 1', () => {
    expect(TEST_USERS.map((u) => u.email)).toContain('investor@kc.example');
    expect(TEST_USERS).toHaveLength(9);
  });
});
