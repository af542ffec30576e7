import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface TOutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface TMailTransport {
  send(mail: TOutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when a URL is given (the real transport). */
export function smtpTransport(url: string): TMailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP, each mail becomes an .eml file in `DATA_DIR/mail`, and (outside production) its
 * links are logged so a local user can still follow a confirmation link. In production the
 * links, which carry one-time tokens, stay out of the logs.
 */
export function folderTransport(folder: string, log: FastifyBaseLogger, options: { logLinks?: boolean } = {}): TMailTransport {
  const logLinks = options.logLinks ?? true;
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await builder.sendMail(mail);
      await fs.mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = logLinks ? (mail.text.match(/https?:\/\/\S+/g) ?? []) : undefined;
      log.info({ to: mail.to, subject: mail.subject, file, ...(links ? { links } : {}) }, 'mail written to the outbox folder');
    },
    close: () => builder.close(),
  };
}
