import { startSmtpCapture } from './smtp';

/**
 * Global setup of the end-to-end suite: the test SMTP server the e2e platform server mails to
 * (SMTP_URL in playwright.config.ts). Returns the teardown that stops it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = process.env.E2E_MAIL_DIR!;
  return startSmtpCapture(port, dir);
}
