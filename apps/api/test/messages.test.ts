import { describe, expect, it } from 'vitest';
import { apiMessages } from '../src/lib/messages.ts';

describe('API message catalogue', () => {
  it('has every code in Spanish and English, with the same placeholders', () => {
    expect(Object.keys(apiMessages.en).sort()).toEqual(Object.keys(apiMessages.es).sort());
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const code of Object.keys(apiMessages.es)) {
      expect(placeholders(apiMessages.en[code]!.detail), code).toEqual(placeholders(apiMessages.es[code]!.detail));
    }
  });
});
