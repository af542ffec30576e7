/** A mail in the recipient's language, as text and HTML. */
export interface TMailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Paragraphs, an optional button link and a signature, as text and as simple inline-styled HTML. */
export function render(paragraphs: string[], link?: { href: string; label: string }, signature = 'KC'): { text: string; html: string } {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), '', signature].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.href)}" style="background:#1864ab;color:#ffffff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
          `<p style="font-size:13px;color:#495057">${escapeHtml(link.href)}</p>`,
        ]
      : []),
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

