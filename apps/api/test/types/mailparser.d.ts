// The part of mailparser 3.9 (pinned; it ships no types) that the mail tests use.
declare module 'mailparser' {
  import type { Readable } from 'node:stream';
  export interface ParsedMail {
    subject?: string;
    text?: string;
    html?: string | false;
    to?: { text: string } | { text: string }[];
    from?: { text: string };
  }
  export function simpleParser(source: Readable | Buffer | string): Promise<ParsedMail>;
}
