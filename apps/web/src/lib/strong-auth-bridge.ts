import { useSyncExternalStore } from 'react';

/**
 * Where the API client meets the strong-authentication screens (issue 18) without importing them
 * (shared code must not import features): the step-up dialog registers the function that asks
 * the person for a second factor, and the staff enrolment gate reads whether the server said
 * that this staff member must enrol one first.
 */

/** Asks for a second factor for `action`; resolves once the step-up succeeded, rejects when cancelled. */
export type TStepUpHandler = (action: string) => Promise<void>;

let stepUpHandler: TStepUpHandler | undefined;
const handlerWaiters = new Set<(handler: TStepUpHandler) => void>();

/** Set by the step-up dialog while a session is open (features/strong-auth). */
export function setStepUpHandler(handler: TStepUpHandler | undefined): void {
  stepUpHandler = handler;
  if (handler) {
    handlerWaiters.forEach((wake) => wake(handler));
    handlerWaiters.clear();
  }
}

export function currentStepUpHandler(): TStepUpHandler | undefined {
  return stepUpHandler;
}

/**
 * The step-up handler, waiting up to `timeoutMs` for the dialog to register it: the dialog's code
 * loads after the page, so a person who acts at once must not get an error instead of the dialog.
 * Undefined when none came in time.
 */
export function stepUpHandlerWithin(timeoutMs: number): Promise<TStepUpHandler | undefined> {
  if (stepUpHandler) return Promise.resolve(stepUpHandler);
  return new Promise((resolve) => {
    const wake = (handler: TStepUpHandler) => {
      clearTimeout(timer);
      resolve(handler);
    };
    const timer = setTimeout(() => {
      handlerWaiters.delete(wake);
      resolve(undefined);
    }, timeoutMs);
    handlerWaiters.add(wake);
  });
}

/** The problem codes of issue 18's refusals (preamble's API contract). */
export const STEP_UP_REQUIRED = 'stepUpRequired';
export const ENROLMENT_REQUIRED = 'enrolmentRequired';

/** A problem body's `code` and `action`, when it has them. */
export function problemCode(body: unknown): { code?: string; action?: string } {
  if (body === null || typeof body !== 'object') return {};
  const { code, action } = body as { code?: unknown; action?: unknown };
  return { ...(typeof code === 'string' ? { code } : {}), ...(typeof action === 'string' ? { action } : {}) };
}

/** Unknown (undefined) until the status of a staff session is read; reset when the session ends. */
let enrolmentRequired: boolean | undefined;
const listeners = new Set<() => void>();

/** The server (a 403 `enrolmentRequired`, or the strong-auth status) says whether a factor must be enrolled first. */
export function setEnrolmentRequired(value: boolean | undefined): void {
  if (enrolmentRequired === value) return;
  enrolmentRequired = value;
  listeners.forEach((listener) => listener());
}

export const isEnrolmentRequired = (): boolean | undefined => enrolmentRequired;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the shell: whether the staff enrolment page replaces the back office (undefined: not known yet). */
export function useEnrolmentRequired(): boolean | undefined {
  return useSyncExternalStore(subscribe, isEnrolmentRequired, () => undefined);
}
