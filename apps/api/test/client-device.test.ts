import { describe, expect, it } from 'vitest';
import { deviceFamilyOf, deviceFingerprint, deviceLabel, displayAddress, networkOf } from '../src/lib/client-device.ts';
import { madridDayAndTime } from '../src/lib/security-mail.ts';

/**
 * How a security mail reads its client (docs/decisions/0045): a browser and a system from a fixed
 * list (never the raw header), the network a device is known by (/24, /64), and Madrid's clock.
 */
describe('client device', () => {
  it('names the browser and system families, in the order that tells look-alikes apart', () => {
    const cases: [string, string, string | null, string | null][] = [
      ['edge', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge', 'Windows'],
      ['opera', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera', 'macOS'],
      ['samsung', 'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android'],
      ['chrome on android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android'],
      ['chrome on iphone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome', 'iOS'],
      ['safari on ipad', 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari', 'iPadOS'],
      ['safari on mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari', 'macOS'],
      ['chromeos', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'ChromeOS'],
      ['garbage', '<script>alert(1)</script>', null, null],
    ];
    for (const [name, ua, browser, os] of cases) expect(deviceFamilyOf(ua), name).toEqual({ browser, os });
    expect(deviceFamilyOf(null)).toEqual({ browser: null, os: null });
    expect(deviceLabel('es', { browser: null, os: null })).toBe('un dispositivo desconocido');
    expect(deviceLabel('en', { browser: null, os: 'Linux' })).toBe('an unknown browser on Linux');
    expect(deviceLabel('es', { browser: 'Firefox', os: 'Linux' })).toBe('Firefox en Linux');
  });

  it('knows a device by its network: the /24 of IPv4 (mapped or not), the /64 of IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:aa:1::10')).toBe('2001:db8:aa:1::/64');
    expect(networkOf('2001:0db8:00aa:0001:ffff::20')).toBe('2001:db8:aa:1::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('not an address')).toBe('unknown');
    expect(displayAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(displayAddress('x<y>')).toBeNull();
    const key = Buffer.alloc(32, 7);
    const chrome = { browser: 'Chrome', os: 'Windows' };
    expect(deviceFingerprint(key, 'u1', chrome, '203.0.113.7')).toBe(deviceFingerprint(key, 'u1', chrome, '203.0.113.99'));
    expect(deviceFingerprint(key, 'u1', chrome, '203.0.113.7')).not.toBe(deviceFingerprint(key, 'u1', chrome, '203.0.114.7'));
    expect(deviceFingerprint(key, 'u1', chrome, '203.0.113.7')).not.toBe(deviceFingerprint(key, 'u2', chrome, '203.0.113.7'));
    expect(deviceFingerprint(key, 'u1', chrome, '203.0.113.7')).not.toBe(deviceFingerprint(Buffer.alloc(32, 8), 'u1', chrome, '203.0.113.7'));
  });

  it("reads Madrid's day and time, across midnight and summer time", () => {
    expect(madridDayAndTime(new Date('2026-11-29T23:30:00Z'))).toEqual({ day: '30/11/2026', time: '00:30' });
    expect(madridDayAndTime(new Date('2026-07-01T22:15:00Z'))).toEqual({ day: '02/07/2026', time: '00:15' });
  });
});
