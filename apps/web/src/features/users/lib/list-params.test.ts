import { describe, expect, it } from 'vitest';
import { readUserListState, toUserListQuery, writeUserListState } from './list-params.ts';

describe('user list address', () => {
  it('keeps everything in the query string and reads it back', () => {
    const params = new URLSearchParams('q=Gar&role=ADVISOR&active=false&deleted=true&temporaryPassword=true&createdFrom=2026-01-01&createdTo=2026-02-01&sort=email,asc&page=3&view=CARD');
    const state = readUserListState(params);
    expect(state).toMatchObject({ q: 'Gar', role: 'ADVISOR', active: 'false', deleted: 'true', temporaryPassword: 'true', sort: 'email,asc', page: 2, view: 'CARD' });
    expect(readUserListState(writeUserListState(state))).toEqual(state);
    expect(new URLSearchParams(toUserListQuery(state)).get('page')).toBe('2');
  });
  it('falls back to the defaults for unknown values', () => {
    expect(readUserListState(new URLSearchParams('role=KING&active=maybe&sort=id&page=-1&view=GRID&createdFrom=yesterday'))).toEqual({
      q: '',
      role: '',
      active: '',
      deleted: '',
      temporaryPassword: '',
      createdFrom: '',
      createdTo: '',
      sort: 'createdAt,desc',
      page: 0,
      view: 'LIST',
    });
    expect(writeUserListState(readUserListState(new URLSearchParams())).toString()).toBe('');
  });
});
