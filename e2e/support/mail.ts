import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The mails the e2e server wrote (one .eml file each, under var/e2e-<port>/mail) and the links in
 * them, read as the person would: the last link matching a pattern in a mail sent to them.
 */
const PORT = Number(process.env['E2E_PORT'] ?? 3210);
export const MAIL_DIR = path.resolve(import.meta.dirname, '../../var', `e2e-${PORT}`, 'mail');

/** The confirmation link of a sign-up, whole (capture group 1). */
export const CONFIRM_SIGN_UP_LINK = /(https?:\/\/\S+\/web\/user\/confirm-sign-up\?\S+)/;

type TParsed = { to?: { text: string }; text?: string };
const { simpleParser } = (await import('mailparser' as string)) as { simpleParser: (source: Buffer) => Promise<TParsed> };

/** The first capture of `pattern` in the newest-read mail to `email` that has it; waits up to 10 s. */
export async function mailedLink(email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await fs.readdir(MAIL_DIR).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.eml'))) {
          const mail = await simpleParser(await fs.readFile(path.join(MAIL_DIR, file)));
          if (mail.to?.text !== email) continue;
          const found = pattern.exec(mail.text ?? '')?.[1];
          if (found) link = found;
        }
        return link !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

/** The app-relative part of a mailed link (the tests' base URL ends in /web/). */
export function appPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname.replace(/^\/web\//, '')}${url.search}${url.hash}`;
}

/** The sign-up confirmation link mailed to `email`, app-relative. */
export async function confirmationPath(email: string): Promise<string> {
  return appPath(await mailedLink(email, CONFIRM_SIGN_UP_LINK));
}
