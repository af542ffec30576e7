import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's WebAuthn ceremonies through @simplewebauthn/browser, loaded only when a person
 * presses a passkey button: public pages' first load never carries it.
 */
export async function createPasskeyCredential(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON });
}

export async function getPasskeyAssertion(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON });
}

/** Whether this browser can use passkeys at all (a passkey button is hidden otherwise). */
export function canUsePasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Why a ceremony failed, as a translation key: the person closed the browser's prompt or it timed
 * out (`NotAllowedError`), the passkey is already on this account (`InvalidStateError`), or another
 * reason. The library's WebAuthnError carries the DOMException's name in `name` as well.
 */
export function passkeyErrorKey(error: unknown): 'passkey.errors.cancelled' | 'passkey.errors.alreadyRegistered' | 'passkey.errors.failed' {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'passkey.errors.cancelled';
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'passkey.errors.alreadyRegistered';
  return 'passkey.errors.failed';
}
