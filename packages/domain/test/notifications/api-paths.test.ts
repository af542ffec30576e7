import { describe, expect, it } from 'vitest';
import { isKnownWebPath, notificationsApi, paths } from '../../src/index.ts';

describe('notifications URLs', () => {
  it('the API addresses, with ids encoded', () => {
    expect(notificationsApi.list('')).toBe('/api/notifications');
    expect(notificationsApi.list('page=1&kind=task')).toBe('/api/notifications?page=1&kind=task');
    expect(notificationsApi.read('a/b')).toBe('/api/notifications/a%2Fb/read');
    expect(notificationsApi.dismiss('n1')).toBe('/api/notifications/n1/dismiss');
    expect(notificationsApi.complete('n1')).toBe('/api/notifications/n1/complete');
    expect(notificationsApi.stream('ticket=t&lang=es')).toBe('/api/notifications/stream?ticket=t&lang=es');
  });

  it('the inbox page is a route of the web app', () => {
    expect(paths.notifications.href()).toBe('/notifications');
    expect(paths.notifications.href('tipo=task')).toBe('/notifications?tipo=task');
    expect(isKnownWebPath('/notifications')).toBe(true);
  });
});
