import { describe, expect, it } from 'vitest';
import { readNetworkListState, toNetworkListQuery, writeNetworkListState } from './list-params.ts';

describe('network list params', () => {
  it('round-trips the state through the address and drops unknown values', () => {
    const state = readNetworkListState(new URLSearchParams('q=nor&state=CLOSED&sort=startSince,desc&page=3&view=CARD&groupId=00000000-0000-4000-8000-000000000000'));
    expect(state).toEqual({ q: 'nor', state: 'CLOSED', groupId: '00000000-0000-4000-8000-000000000000', sort: 'startSince,desc', page: 2, view: 'CARD' });
    expect(readNetworkListState(writeNetworkListState(state))).toEqual(state);
    expect(readNetworkListState(new URLSearchParams('state=OPEN&sort=x&page=-1&view=GRID&groupId=1'))).toEqual({ q: '', state: '', groupId: '', sort: 'title,asc', page: 0, view: 'LIST' });
    expect(writeNetworkListState(readNetworkListState(new URLSearchParams(''))).toString()).toBe('');
    expect(toNetworkListQuery({ ...state, view: 'LIST' })).toBe('q=nor&state=CLOSED&groupId=00000000-0000-4000-8000-000000000000&sort=startSince%2Cdesc&page=2&size=20');
  });
});
