import {
  CHANGEABLE_PURPOSES,
  CONSENT_PURPOSES,
  CONSENT_TEXT_VERSIONS,
  type TConsentChoice,
  type TConsentPurpose,
  type TConsentRecord,
} from './schemas.ts';

/** Whether `version` is the text in force for `purpose`. */
export function isCurrentTextVersion(purpose: TConsentPurpose, version: string): boolean {
  return CONSENT_TEXT_VERSIONS[purpose] === version;
}

export function isChangeablePurpose(purpose: string): purpose is (typeof CHANGEABLE_PURPOSES)[number] {
  return (CHANGEABLE_PURPOSES as readonly string[]).includes(purpose);
}

/**
 * Whether a change is allowed given the current choice: "withdrawn" only follows "given" (there is
 * nothing to withdraw otherwise); giving or refusing is always allowed (a repeat is a no-op).
 */
export function checkConsentChange(current: TConsentChoice | null, next: TConsentChoice): 'nothingToWithdraw' | null {
  if (next === 'withdrawn' && current !== 'given') return 'nothingToWithdraw';
  return null;
}

/** Whether recording `next` would change nothing (the same choice, on the same text). */
export function isSameChoice(current: Pick<TConsentRecord, 'choice' | 'textVersion'> | null, next: Pick<TConsentRecord, 'choice' | 'textVersion'>): boolean {
  return current !== null && current.choice === next.choice && current.textVersion === next.textVersion;
}

const newestFirst = (a: TConsentRecord, b: TConsentRecord) =>
  b.recordedAt === a.recordedAt ? b.id.localeCompare(a.id) : b.recordedAt.localeCompare(a.recordedAt);

/** The latest record of each purpose (purposes never recorded are absent), in CONSENT_PURPOSES order. */
export function currentConsents(history: readonly TConsentRecord[]): TConsentRecord[] {
  const sorted = [...history].sort(newestFirst);
  return CONSENT_PURPOSES.flatMap((purpose) => sorted.find((record) => record.purpose === purpose) ?? []);
}

/**
 * When consent for `purpose` was withdrawn, if its current state is withdrawn (the retention rule:
 * "kept 4 years after consent withdrawal"); null when it is given, refused or never recorded.
 */
export function withdrawnAt(history: readonly TConsentRecord[], purpose: TConsentPurpose): string | null {
  const current = currentConsents(history).find((record) => record.purpose === purpose);
  return current?.choice === 'withdrawn' ? current.recordedAt : null;
}
