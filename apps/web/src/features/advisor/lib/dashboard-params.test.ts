import { describe, expect, it } from 'vitest';
import { readDashboardState, toClientsQuery, toQueueQuery, writeDashboardState } from './dashboard-params.ts';

describe("the advisor dashboard's address", () => {
  it('reads and writes every part, leaving defaults out', () => {
    const id = '0b4c8f1e-9d2a-4c3b-8e7f-112233445566';
    const state = readDashboardState(new URLSearchParams(`q=lucía&advisor=${id}&page=3&view=CARD&queue=2`));
    expect(state).toEqual({ q: 'lucía', advisorId: id, page: 2, view: 'CARD', queuePage: 1 });
    expect(writeDashboardState(state).toString()).toBe(`q=luc%C3%ADa&advisor=${id}&page=3&view=CARD&queue=2`);
    expect(writeDashboardState(readDashboardState(new URLSearchParams())).toString()).toBe('');
    expect(toClientsQuery(state, 20)).toBe(`q=luc%C3%ADa&advisorId=${id}&page=2&size=20`);
    expect(toQueueQuery(state, 20)).toBe('page=1&size=20');
  });

  it('falls back to defaults for anything unknown', () => {
    expect(readDashboardState(new URLSearchParams('advisor=nope&page=-2&view=GRID&queue=x'))).toEqual({ q: '', advisorId: '', page: 0, view: 'LIST', queuePage: 0 });
  });
});
