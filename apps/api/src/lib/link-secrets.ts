/**
 * What a link secret is, once for the whole API: the value of a `token`, `code`, `ticket`, `key`
 * or `secret` parameter of a link, in its query or its fragment (sign-up confirmation, password,
 * erasure, e-mail change and job-application withdrawal links), written plainly in a text mail or
 * HTML-escaped (`&amp;token=`) in an HTML one.
 *
 * The same source is a JavaScript and a PostgreSQL (ARE) regular expression, matched case
 * insensitively: group 1 is the parameter's name with what precedes it, kept; the value is what
 * is replaced. Used by the mail outbox (a sent mail keeps no live link, decision 0027) and the
 * personal data export (a mail is exported with its links' secrets hidden).
 */
export const LINK_SECRET_PATTERN = String.raw`((?:[?&#]|&amp;)(?:token|code|ticket|key|secret)=)[^&\s"'<>]+`;

const LINK_SECRET = new RegExp(LINK_SECRET_PATTERN, 'gi');

/** What a stored mail holds in place of a secret once it was sent. */
export const SCRUBBED_SECRET = '[redacted]';

/** The PostgreSQL `regexp_replace` replacement for LINK_SECRET_PATTERN: the name kept (`\1`), the value redacted. */
export const SCRUBBED_SECRET_SQL_REPLACEMENT = `\\1${SCRUBBED_SECRET}`;

/** `text` with the value of every link secret replaced by `replacement`. */
export const hideLinkSecrets = (text: string, replacement: string = SCRUBBED_SECRET): string =>
  text.replace(LINK_SECRET, (_match, name: string) => `${name}${replacement}`);
