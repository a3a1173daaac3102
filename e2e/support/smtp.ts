import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The test SMTP server of the end-to-end suite (issue 3: "tests run the npm smtp-server and read
 * the mail"). The e2e server sends its mail there (SMTP_URL in playwright.config.ts); each message
 * is written as a file to E2E_MAIL_DIR, where specs read it with readMails().
 */
export function startSmtpCapture(port: number, dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const file = join(dir, `${Date.now()}-${n}.json`);
        writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(() => new Promise<void>((done) => server.close(() => done()))));
  });
}

export type CapturedMail = { to: string; subject: string; text: string };

/** Every mail received so far, oldest first, with the text parts decoded. */
export function readMails(dir = process.env.E2E_MAIL_DIR!): CapturedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const { to, raw } = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; raw: string };
    return { to, subject: decodeHeader(headerOf(raw, 'subject') ?? ''), text: decodeBody(raw) };
  });
}

/** Waits for the newest mail to an address. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<CapturedMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mail = readMails().filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

// ---------- a small MIME reader (text parts, base64 / quoted-printable) ----------
function splitHead(raw: string): [string, string] {
  const i = raw.search(/\r?\n\r?\n/);
  return i < 0 ? [raw, ''] : [raw.slice(0, i), raw.slice(i).replace(/^\r?\n\r?\n/, '')];
}

function headerOf(raw: string, name: string): string | null {
  const [head] = splitHead(raw);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return m ? m[1]!.trim() : null;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_m, _cs, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const s = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded text of a message: its text/plain parts (any part when there is none). */
function decodeBody(raw: string): string {
  const type = headerOf(raw, 'content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const [, body] = splitHead(raw);
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1).filter((p) => !p.startsWith('--'));
    const decoded = parts.map((p) => ({ type: headerOf(p.replace(/^\r?\n/, ''), 'content-type') ?? '', text: decodeBody(p.replace(/^\r?\n/, '')) }));
    const plain = decoded.filter((d) => /text\/plain/i.test(d.type));
    return (plain.length > 0 ? plain : decoded).map((d) => d.text).join('\n');
  }
  const encoding = (headerOf(raw, 'content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}
