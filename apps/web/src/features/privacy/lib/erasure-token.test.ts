import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { liveContractsOf } from '../api/erasure.ts';
import { erasureTokenFromHash } from './erasure-token.ts';

describe('the erasure link', () => {
  it('reads the token from the fragment, and nothing malformed', () => {
    const token = 'AbC_d-efGhIjKlMnOpQrStUvWxYz0123456789abcde';
    expect(erasureTokenFromHash(`#token=${token}`)).toBe(token);
    expect(erasureTokenFromHash(`token=${token}`)).toBe(token);
    expect(erasureTokenFromHash('')).toBeNull();
    expect(erasureTokenFromHash('#token=')).toBeNull();
    expect(erasureTokenFromHash('#token=short')).toBeNull();
    expect(erasureTokenFromHash('#token=has spaces and <html>')).toBeNull();
    expect(erasureTokenFromHash(`#other=${token}`)).toBeNull();
  });

  it('lists the live contracts of a 409 erasureLiveContracts problem only', () => {
    const contracts = [{ id: 'c1', productKey: 'jubilacion', state: 'ACTIVE', submissionDate: '2026-01-10' }];
    expect(liveContractsOf(new ApiError('x', 409, { code: 'erasureLiveContracts', contracts }, false))).toEqual(contracts);
    expect(liveContractsOf(new ApiError('x', 409, { code: 'erasureLinkUsed' }, false))).toEqual([]);
    expect(liveContractsOf(new ApiError('x', 410, { code: 'erasureLiveContracts', contracts }, false))).toEqual([]);
    expect(liveContractsOf(new Error('network'))).toEqual([]);
  });
});
