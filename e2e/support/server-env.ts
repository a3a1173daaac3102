/**
 * The environment of an e2e platform server (the workers' servers in playwright.config.ts and the agents' clock
 * server): the built site served on its own port and PGlite data folder, mail to the suite's SMTP capture.
 */
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The canonical origin of links in mails (the reset link opens on the site under test).
    PUBLIC_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    SMTP_FROM: 'Lotus <no-reply@lotus.example>',
    // Every spec registers its members from 127.0.0.1: the suite signs up more than the 20 an hour
    // one address may (a deployment setting, README), so each server allows enough for it.
    REGISTRATIONS_PER_HOUR: '500',
  };
}
