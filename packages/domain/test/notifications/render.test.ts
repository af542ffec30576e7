import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KEYS,
  notificationLinkLabels,
  notificationTitles,
  parseLastEventId,
  renderNotificationLinks,
  renderNotificationTitle,
  ZNotificationListQuery,
} from '../../src/index.ts';

describe('notification messages', () => {
  it('have every title and link label in Spanish and English, with the same placeholders', () => {
    expect(Object.keys(notificationTitles.en).sort()).toEqual(Object.keys(notificationTitles.es).sort());
    expect(Object.keys(notificationLinkLabels.en).sort()).toEqual(Object.keys(notificationLinkLabels.es).sort());
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of NOTIFICATION_KEYS) {
      expect(placeholders(notificationTitles.en[key]), key).toEqual(placeholders(notificationTitles.es[key]));
    }
  });

  it('render a title in the reader’s language, picking per-language parameters', () => {
    const params = { customerName: 'Inés Inversora', productName: { es: 'Plan Jubilación Digna', en: 'Dignified Retirement Plan' } };
    expect(renderNotificationTitle('es', 'contractHired', params)).toBe('Inés Inversora ha contratado un Plan Jubilación Digna: confirme el primer pago');
    expect(renderNotificationTitle('en', 'contractHired', params)).toBe(
      'Inés Inversora has taken out a Dignified Retirement Plan: please confirm the first payment',
    );
    expect(renderNotificationTitle('es', 'userCreated', { userName: 'Ana', email: 'a@b.c' })).toBe('Se ha dado de alta al usuario Ana (a@b.c)');
    // A missing parameter renders empty; an unknown key (from a newer version) reads as itself.
    expect(renderNotificationTitle('en', 'contractStateChanged', { productName: 'X' })).toBe('Your X contract is now ');
    expect(renderNotificationTitle('en', 'somethingNew', {})).toBe('somethingNew');
  });

  it('render links with translated labels, keeping the dismiss flag only when set', () => {
    expect(
      renderNotificationLinks('en', [
        { label: 'viewContract', link: '/inversor/contratos/1' },
        { label: 'dismiss', link: '/dashboard', dismiss: true },
      ]),
    ).toEqual([
      { label: 'View the contract', link: '/inversor/contratos/1' },
      { label: 'Dismiss', link: '/dashboard', dismiss: true },
    ]);
  });
});

describe('stream and list inputs', () => {
  it('reads a Last-Event-ID only when it is a plain non-negative integer', () => {
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId(' 7 ')).toBe(7);
    expect(parseLastEventId('0')).toBe(0);
    for (const bad of [undefined, '', '-1', '1.5', 'abc', '1e3', '9999999999999999']) expect(parseLastEventId(bad), String(bad)).toBeUndefined();
  });

  it('reads list filters, caps the page size and refuses unknown values', () => {
    expect(ZNotificationListQuery.parse({})).toEqual({ page: 0, size: 20 });
    expect(ZNotificationListQuery.parse({ size: '500', read: 'false', severity: 'HIGH' })).toEqual({ page: 0, size: 100, read: false, severity: 'HIGH' });
    for (const bad of [{ read: '1' }, { kind: 'memo' }, { severity: 'high' }, { taskState: 'closed' }, { size: '0' }]) {
      expect(ZNotificationListQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
