import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Reading a live captcha through the operator API (GET /ops/challenges/:id, the support tool the
 * server offers: it shows a captcha's text without using it up), with the operator credential the
 * server wrote to its data folder — as a support agent would, not through a test-only backdoor.
 */
function opsCredential(): { url: string; token: string } {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return JSON.parse(readFileSync(join(dir, 'ops.json'), 'utf8')) as { url: string; token: string };
}

export async function peekChallenge(id: string): Promise<{ kind: string; answer: string | null; gapX: number | null }> {
  const { token } = opsCredential();
  const base = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const res = await fetch(`${base}/ops/challenges/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { success: boolean; message: string; value: { kind: string; answer: string | null; gapX: number | null } };
  if (!body.success) throw new Error(`ops challenge ${id}: ${body.message}`);
  return body.value;
}

/** The id of the next captcha the page fetches (the `captcha-id` header of GET /wps/captcha). */
export function nextCaptchaId(page: Page): Promise<string> {
  return page
    .waitForResponse((r) => new URL(r.url()).pathname === '/wps/captcha' && r.request().method() === 'GET')
    .then((r) => {
      const id = r.headers()['captcha-id'];
      if (!id) throw new Error('the captcha answer has no captcha-id header');
      return id;
    });
}
