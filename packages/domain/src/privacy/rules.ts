import { addMonths } from '../leads/rules.ts';

/**
 * The retention rules of personal data (issue 16, "Personal data"; specification section 9):
 * - personal data is blocked when the relationship ends;
 * - after consent withdrawal it is kept 4 years for claims, then erased;
 * - contract and payment records are kept 5 years after the relationship ends (anti-money-laundering,
 *   Ley 10/2010 art. 25), then erased.
 * Pure: every date is an input; the caller passes "now". The consent-withdrawal date comes from the
 * `consents` module (built in parallel): the API reads it through the privacy service's own function.
 */
export const CLAIMS_RETENTION_YEARS = 4;
export const AML_RETENTION_YEARS = 5;

/** Contract states that still hold or may still hold money: an erasure cannot silently end them. */
export const LIVE_CONTRACT_STATES = ['NEW', 'ACTIVE', 'STANDBY'] as const;
export const isLiveContractState = (state: string): boolean => (LIVE_CONTRACT_STATES as readonly string[]).includes(state);

export const addYears = (from: Date, years: number): Date => addMonths(from, years * 12);

/** What the retention job knows about one person. `relationshipEndedAt` is null while it lasts. */
export interface IRetentionFacts {
  /** The end of the relationship: last contract ended, or erasure confirmed; null while it lasts. */
  relationshipEndedAt: Date | null;
  /** When the person withdrew their consent (consents module); null if never. */
  consentWithdrawnAt: Date | null;
  /** Whether any contract or payment record of theirs exists (kept for AML). */
  hasAmlRecords: boolean;
}

export interface IRetentionPlan {
  /** From when the data is blocked (only ADMIN sees it); null: not blocked. */
  blockFrom: Date | null;
  /** When the personal data is erased for good; null: not scheduled. */
  eraseAt: Date | null;
}

/**
 * When a person's data is blocked and when it is erased. Blocked from the end of the relationship
 * (or the consent withdrawal, whichever comes first). Erased at the latest of the periods that
 * apply: 4 years after the withdrawal (claims), 5 years after the end when AML records exist;
 * with no AML record and no withdrawal, at the end of the relationship itself (nothing obliges to keep).
 */
export function retentionPlan(facts: IRetentionFacts): IRetentionPlan {
  const starts = [facts.relationshipEndedAt, facts.consentWithdrawnAt].filter((d): d is Date => d !== null);
  if (starts.length === 0) return { blockFrom: null, eraseAt: null };
  const blockFrom = new Date(Math.min(...starts.map((d) => d.getTime())));
  const ends: Date[] = [];
  if (facts.consentWithdrawnAt) ends.push(addYears(facts.consentWithdrawnAt, CLAIMS_RETENTION_YEARS));
  if (facts.relationshipEndedAt && facts.hasAmlRecords) ends.push(addYears(facts.relationshipEndedAt, AML_RETENTION_YEARS));
  if (facts.relationshipEndedAt && ends.length === 0) ends.push(facts.relationshipEndedAt);
  // Erasure waits for the relationship to end: a withdrawal alone does not erase a live client.
  if (!facts.relationshipEndedAt) return { blockFrom, eraseAt: null };
  const eraseAt = new Date(Math.max(...ends.map((d) => d.getTime())));
  return { blockFrom, eraseAt };
}

export type TRetentionAction = 'NONE' | 'BLOCK' | 'ERASE';

/** What the job does to a person at `now`, given whether they are already blocked/erased. */
export function retentionAction(facts: IRetentionFacts, state: { blocked: boolean; erased: boolean }, now: Date): TRetentionAction {
  if (state.erased) return 'NONE';
  const plan = retentionPlan(facts);
  if (plan.eraseAt && plan.eraseAt.getTime() <= now.getTime()) return 'ERASE';
  if (!state.blocked && plan.blockFrom && plan.blockFrom.getTime() <= now.getTime()) return 'BLOCK';
  return 'NONE';
}

/** The live contracts that stop an erasure (the problem lists them): NEW/ACTIVE/STANDBY. */
export function erasureBlockers<T extends { state: string }>(contracts: readonly T[]): T[] {
  return contracts.filter((c) => isLiveContractState(c.state));
}

/** How long an erasure confirmation link is valid. */
export const ERASURE_LINK_MINUTES = 60;
export const erasureLinkExpiry = (requestedAt: Date): Date => new Date(requestedAt.getTime() + ERASURE_LINK_MINUTES * 60_000);
