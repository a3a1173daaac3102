import fs from 'node:fs';
import path from 'node:path';
import type { TEncryptionKey } from '@lotus/contracts/auth';
import { encryptPayload } from '@lotus/contracts/enc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanTrace } from '../src/modules/verification/slider.rules';
import { ops, startServer, stop } from './cli-helper';
import { createTestDatabase, tempDir, usePostgres, type TestDatabase } from './helper';

describe('accounts on the command line and at start-up', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let pgDb: TestDatabase | null = null;

  beforeAll(async () => {
    dataDir = path.join(tempDir('lotus-accounts-cli-'), 'data');
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (usePostgres) {
      pgDb = await createTestDatabase({ seed: false });
      env.DATABASE_URL = pgDb.url!;
      // A demo on PostgreSQL: demo accounts only when asked for (security #2, docs/adr/0024).
      env.SEED_DEMO = '1';
      // Server mode: mail links need a configured origin (security #1).
      env.PUBLIC_URL = 'https://www.lotus.example';
      await pgDb.database.close();
    }
  });
  afterAll(async () => {
    if (pgDb) await pgDb.drop().catch(() => undefined);
  });

  it(
    'npm start prints the demo logins; ops member list|unlock|create|disable, sms list, mail list',
    { timeout: 180_000 },
    async () => {
      const server = await startServer(env);
      try {
        const out = server.output();
        expect(out).toContain('demo / Demo1234');
        expect(out).toContain('agent01 / Agent1234');
        expect(out).toContain('weakpw / 123456');

        const { token } = JSON.parse(fs.readFileSync(path.join(dataDir, 'ops.json'), 'utf8')) as {
          token: string;
        };
        const api = async (method: string, url: string, payload?: unknown) => {
          const res = await fetch(`${server.url}${url}`, {
            method,
            headers: { 'content-type': 'application/json', 'user-agent': 'cli-test' },
            body: payload === undefined ? undefined : JSON.stringify(payload),
          });
          return (await res.json()) as {
            success: boolean;
            message: string;
            value: never;
            details?: { captchaRequired?: boolean };
          };
        };
        const peek = async (id: string) =>
          (
            (await (
              await fetch(`${server.url}/ops/challenges/${id}`, {
                headers: { authorization: `Bearer ${token}` },
              })
            ).json()) as { value: { gapX: number; answer: string } }
          ).value;
        const key = (await api('GET', '/wps/system/encryptionKey')).value as TEncryptionKey;
        const slider = async () => {
          const ch = (await api('GET', '/wps/verification/slider')).value as { challengeId: string };
          const { gapX } = await peek(ch.challengeId);
          return (
            (
              await api('POST', '/wps/verification/slider', {
                challengeId: ch.challengeId,
                x: gapX,
                trace: humanTrace(gapX),
              })
            ).value as { sliderToken: string }
          ).sliderToken;
        };
        const captcha = async () => {
          const res = await fetch(`${server.url}/wps/captcha`, { headers: { 'user-agent': 'cli-test' } });
          const captchaId = res.headers.get('captcha-id')!;
          return { captchaId, captcha: (await peek(captchaId)).answer };
        };
        const login = async (username: string, password: string) =>
          api(
            'POST',
            '/wps/session/login',
            await encryptPayload(key, {
              username,
              password,
              sliderToken: await slider(),
              ...(await captcha()),
            }),
          );

        // throttle weakpw from this address with wrong passwords (never a lock, docs/adr/0020),
        // then clear it from the command line
        for (let i = 0; i < 4; i++) await login('weakpw', 'wrong-password');
        expect((await login('weakpw', '123456')).message).toBe('login_throttled');
        const list = await ops(['member', 'list'], env);
        expect(list.code).toBe(0);
        expect(list.stdout).toMatch(/weakpw\s+-\s+0\s+1\s+active\s+false/);
        const unlock = await ops(['member', 'unlock', 'weakpw'], env);
        expect(unlock.stdout).toContain('weakpw is unlocked.');
        expect((await login('weakpw', '123456')).success).toBe(true);

        // SMS outbox
        await api('POST', '/wps/verification/sms/noLogin', {
          mobileNum: '812345678',
          countryDialingCode: '66',
          sliderToken: await slider(),
        });
        const sms = await ops(['sms', 'list', '--to', '66812345678'], env);
        expect(sms.code).toBe(0);
        expect(sms.stdout).toMatch(/\+66812345678\s+Lotus: .*\d{6}/);

        // mail outbox (sandbox transport): forgot password of demo
        await fetch(`${server.url}/wps/member/password/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', language: 'en' },
          body: 'username=demo&email=demo%40lotus.example',
        });
        const mail = await ops(['mail', 'list', '--to', 'demo@lotus.example'], env);
        expect(mail.stdout).toContain('Reset your Lotus password');
        expect(mail.stdout).toMatch(/\/forget#token=[A-Za-z0-9_-]{43}/);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }

      // Without a server the command line opens the database itself.
      const created = await ops(['member', 'create', 'opsmade', 'given123', '--agent', '2'], env);
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('Created opsmade');
      const direct = await ops(['member', 'list', '10'], env);
      expect(direct.stdout).toMatch(/opsmade\s+-\s+2\s+1\s+active/);
      const disabled = await ops(['member', 'disable', 'opsmade'], env);
      expect(disabled.stdout).toContain('opsmade is now disabled.');
    },
  );
});
