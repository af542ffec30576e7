import { describe, expect, it } from 'vitest';
import { emailChangeTokenFromHash } from './email-change-token.ts';

describe('emailChangeTokenFromHash', () => {
  it('reads a well-formed token from the fragment', () => {
    expect(emailChangeTokenFromHash('#token=abcDEF123_-abcDEF123')).toBe('abcDEF123_-abcDEF123');
    expect(emailChangeTokenFromHash('token=abcDEF123_-abcDEF123&x=1')).toBe('abcDEF123_-abcDEF123');
  });

  it('gives null for a missing, short, long or strange token', () => {
    for (const hash of ['', '#', '#token=', '#token=corto', `#token=${'a'.repeat(201)}`, '#token=con%20espacios%20y%20mas', '#otro=abcDEF123_-abcDEF123']) {
      expect(emailChangeTokenFromHash(hash), hash).toBeNull();
    }
  });
});
