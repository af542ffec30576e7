import type { TLanguage } from '../i18n/language.ts';
import { notificationLinkLabels, notificationTitles, type TNotificationKey, type TNotificationLinkLabel } from './messages.ts';
import type { TNotificationLink, TNotificationParam, TNotificationParams, TStoredNotificationLink } from './schemas.ts';

const paramText = (value: TNotificationParam | undefined, language: TLanguage): string => {
  if (value === undefined) return '';
  if (typeof value === 'object') return value[language];
  return String(value);
};

/** The title of a stored item in a language; an unknown key (from a newer version) reads as itself. */
export function renderNotificationTitle(language: TLanguage, key: string, params: TNotificationParams): string {
  const template = (notificationTitles[language] as Record<string, string>)[key as TNotificationKey];
  if (template === undefined) return key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => paramText(params[name], language));
}

export function renderNotificationLinks(language: TLanguage, links: readonly TStoredNotificationLink[]): TNotificationLink[] {
  return links.map((l) => ({
    label: (notificationLinkLabels[language] as Record<string, string>)[l.label as TNotificationLinkLabel] ?? l.label,
    link: l.link,
    ...(l.dismiss ? { dismiss: true } : {}),
  }));
}

/** Parses an SSE Last-Event-ID: a positive integer below 2^53, else undefined (start from now). */
export function parseLastEventId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
