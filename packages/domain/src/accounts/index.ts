/** The accounts feature: sign-up, login and session rules shared by the web app and the API. */
export * from './messages.ts';
export { parseIsoDate, toCalendarDate, type TCalendarDate, type TToday } from './calendar-date.ts';
export * from './age.ts';
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  checkPassword,
  doPasswordsMatch,
  type TPasswordProblem,
} from './password.ts';
export * from './roles.ts';
export * from './identity-document.ts';
export * from './spanish-id.ts';
export * from './postal-code.ts';
export * from './card.ts';
export { keccak256, keccak256Hex } from './keccak.ts';
export * from './ethereum.ts';
export * from './schemas.ts';
export * from './session.ts';
export * from './session-time.ts';
export * from './api.ts';
export * from './api-paths.ts';
export * from './email-change.ts';
