import { startSmtp } from '../../support/smtp';

/**
 * Starts a real SMTP server and points the portal at it. Call from `vi.hoisted` so it runs before
 * anything reads the configuration; `admins` become ADMIN_EMAILS.
 */
export async function smtpEnvironment(admins: string[] = []) {
  const smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'MacCMS Pro <noreply@portal.test>';
  process.env.SITE_URL = 'https://portal.test';
  process.env.ADMIN_EMAILS = admins.join(',');
  return smtp;
}
