import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { TLanguage } from '@kc/domain';
import { deriveSubkey } from './secret-box.ts';

/**
 * Who made a request, as a security mail tells it (a sign-in, a new password, a second factor):
 * the client's address (Fastify's `request.ip`, which honours TRUST_PROXY) and its User-Agent.
 * The mails never quote the User-Agent: they name a browser and a system from a fixed list, so a
 * forged header can neither make a mail long nor put words in it.
 */
export interface TClient {
  address: string;
  userAgent: string | null;
}

export const clientOf = (request: FastifyRequest): TClient => {
  const raw = request.headers['user-agent'];
  return { address: request.ip, userAgent: (Array.isArray(raw) ? raw[0] : raw) ?? null };
};

/** A browser and a system family, never their versions (an update is not a new device). */
export interface TDeviceFamily {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The families a User-Agent names (null for what it does not); only its first 512 characters are read. */
export function deviceFamilyOf(userAgent: string | null): TDeviceFamily {
  const ua = (userAgent ?? '').slice(0, 512);
  const pick = (list: typeof BROWSERS) => list.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser: pick(BROWSERS), os: pick(SYSTEMS) };
}

/** "Chrome en Windows" / "Chrome on Windows", in the reader's language. */
export function deviceLabel(language: TLanguage, device: TDeviceFamily): string {
  const { browser, os } = device;
  if (language === 'en') {
    if (browser && os) return `${browser} on ${os}`;
    if (browser) return browser;
    return os ? `an unknown browser on ${os}` : 'an unknown device';
  }
  if (browser && os) return `${browser} en ${os}`;
  if (browser) return browser;
  return os ? `un navegador desconocido en ${os}` : 'un dispositivo desconocido';
}

/** The address as a mail shows it: a valid IPv4 or IPv6 address (an IPv4-mapped one as IPv4), else null. */
export function displayAddress(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  return isIPv4(address) || isIPv6(address) ? address : null;
}

/** An IPv6 address's eight groups, without leading zeros (a trailing dotted quad becomes two groups). */
function ipv6Groups(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - front.length - back.length }, () => '0');
  return [...front, ...fill, ...back].map((group) => parseInt(group, 16).toString(16));
}

/**
 * The network an address belongs to, coarse enough that a home or office line keeps it while
 * its last digits change: the /24 of an IPv4 address, the /64 of an IPv6 one.
 */
export function networkOf(address: string): string {
  const shown = displayAddress(address);
  if (shown === null) return 'unknown';
  if (isIPv4(shown)) return `${shown.split('.').slice(0, 3).join('.')}.0/24`;
  return `${ipv6Groups(shown).slice(0, 4).join(':')}::/64`;
}

/** HKDF label of the known devices' HMAC key (derived from SECOND_FACTOR_KEY, never the key itself). */
export const KNOWN_DEVICE_KEY_LABEL = 'kc known devices v1';

/**
 * What identifies a (device, network) of one person, as stored: HMAC-SHA256, under a key derived
 * from SECOND_FACTOR_KEY, of the person's id, the browser and system families and the network.
 * Neither the address nor the User-Agent is kept, and a dump of the table alone does not tell
 * which network a row stands for.
 */
export function deviceFingerprint(key: Buffer, userId: string, device: TDeviceFamily, address: string): string {
  return createHmac('sha256', deriveSubkey(key, KNOWN_DEVICE_KEY_LABEL))
    .update([userId, device.browser ?? '', device.os ?? '', networkOf(address)].join('\n'))
    .digest('hex');
}
