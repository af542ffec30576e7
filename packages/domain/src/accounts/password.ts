/** Password rules (decisions, "Accounts and sessions"): length only, as current guidance advises. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export type TPasswordProblem = 'required' | 'tooShort' | 'tooLong';

/** Characters as a person counts them (Unicode code points, so an emoji is one). */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The first problem with a new password, or null when it is acceptable. */
export function checkPassword(password: string): TPasswordProblem | null {
  const length = countCharacters(password);
  if (length === 0) return 'required';
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

/** The repeat field must equal the password exactly (no trimming, case-sensitive). */
export function doPasswordsMatch(password: string, repeatPassword: string): boolean {
  return password === repeatPassword;
}
