import 'server-only';
import type { MailContent } from './content';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain-text part: paragraphs, the action's address on its own line, small print, footer. */
export function renderText(mail: MailContent): string {
  const blocks = [...mail.paragraphs];
  if (mail.action) blocks.push(`${mail.action.label}:\n${mail.action.url}`);
  blocks.push(...(mail.notes ?? []));
  const links = (mail.footerLinks ?? []).map((l) => `${l.label}: ${l.url}`);
  blocks.push(['--', ...mail.footer, ...links].join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

/** A simple HTML part (inline styles only: mail clients drop style sheets); every text is escaped. */
export function renderHtml(mail: MailContent, lang: string): string {
  const p = (text: string, style = 'margin:0 0 16px') =>
    `<p style="${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const action = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;padding:10px 20px;border-radius:6px;background:#1f6feb;color:#ffffff;text-decoration:none">${escapeHtml(mail.action.label)}</a></p>` +
      p(mail.action.url, 'margin:0 0 16px;font-size:13px;color:#555;word-break:break-all')
    : '';
  const small = 'margin:0 0 8px;font-size:13px;color:#666';
  return [
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f7fa;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2328;line-height:1.6">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 28px;background:#ffffff;border:1px solid #e5e7eb;border-radius:10px">',
    ...mail.paragraphs.map((text) => p(text)),
    action,
    ...(mail.notes ?? []).map((text) => p(text, small)),
    '<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0 16px">',
    ...mail.footer.map((text) => p(text, 'margin:0 0 6px;font-size:12px;color:#888')),
    (mail.footerLinks ?? [])
      .map((l) => `<a href="${escapeHtml(l.url)}" style="color:#888">${escapeHtml(l.label)}</a>`)
      .join(' · '),
    '</div></body></html>',
  ].join('\n');
}
