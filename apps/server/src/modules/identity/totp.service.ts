import { AppError } from '@lotus/contracts/app-error';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '../../db/client';
import type { ConfigService } from '../system/config.service';
import type { Audit, AuditClient } from './audit';
import type { MemberRepository, MemberRow } from './member.repository';
import type { ServerKeys } from './server-keys';
import { randomFrom, sha256Hex, UNAMBIGUOUS } from './secrets';

export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;

const normalizeRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
const newRecoveryCode = () => {
  const raw = randomFrom(UNAMBIGUOUS, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

type Deps = {
  database: Pick<Database, 'tx'>;
  members: Pick<
    MemberRepository,
    'findById' | 'update' | 'advanceTotpStep' | 'replaceRecoveryCodes' | 'useRecoveryCode'
  >;
  keys: Pick<ServerKeys, 'seal' | 'open'>;
  config: Pick<ConfigService, 'get'>;
  audit: Audit;
  now?: () => number;
};

/**
 * TOTP two-factor login (decision 2.OTH.07, the spec's "2FA login" screen): RFC 6238 (SHA-1, 6
 * digits, 30 s), the secret encrypted at rest with the server secret, each time step accepted once,
 * 10 single-use recovery codes kept as SHA-256.
 */
export function createTotpService({ database, members, keys, config, audit, now = Date.now }: Deps) {
  const totpFor = (secretBase32: string, label: string, issuer: string) =>
    new TOTP({
      issuer,
      label,
      secret: Secret.fromBase32(secretBase32),
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_S,
    });

  async function load(memberId: number) {
    const m = await members.findById(memberId);
    if (!m) throw new AppError('unauthorized', 401);
    return m;
  }

  /** POST /wps/member/2fa/setup: a new secret (not active until confirmed with a code). */
  async function setup(memberId: number) {
    const m = await load(memberId);
    if (m.totpEnabled) throw new AppError('conflict', 409);
    const secret = new Secret({ size: 20 });
    const brand = await config.get('brand');
    const totp = totpFor(secret.base32, m.username, brand.siteName);
    const sealed = await keys.seal(secret.base32);
    await database.tx((tx) => members.update(memberId, { totpSecretEnc: sealed, totpLastStep: null }, tx));
    const otpauthUrl = totp.toString();
    const dataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
    return { secret: secret.base32, otpauthUrl, qrPng: dataUrl.replace(/^data:image\/png;base64,/, '') };
  }

  /** A TOTP code (each step once) or an unused recovery code. Spends what it accepts. */
  async function verifyCode(m: MemberRow, code: string): Promise<boolean> {
    if (!m.totpSecretEnc) return false;
    const compact = code.replace(/\s/g, '');
    if (/^[0-9]{6}$/.test(compact)) {
      const secret = await keys.open(m.totpSecretEnc);
      const t = now();
      const delta = totpFor(secret, m.username, 'Lotus').validate({
        token: compact,
        timestamp: t,
        window: 1,
      });
      if (delta === null) return false;
      const step = Math.floor(t / 1000 / TOTP_PERIOD_S) + delta;
      return members.advanceTotpStep(m.id, step);
    }
    if (!m.totpEnabled) return false;
    const normalized = normalizeRecovery(code);
    if (normalized.length !== 10) return false;
    return members.useRecoveryCode(m.id, sha256Hex(normalized), new Date(now()));
  }

  /** POST /wps/member/2fa/enable: confirms the setup with a code; answers the recovery codes once. */
  async function enable(memberId: number, code: string, client: AuditClient) {
    const m = await load(memberId);
    if (m.totpEnabled) throw new AppError('conflict', 409);
    if (!m.totpSecretEnc) throw new AppError('totp_required', 400);
    if (!(await verifyCode(m, code))) {
      await audit('2fa_enable', 'bad_code', { memberId, username: m.username }, client);
      throw new AppError('totp_invalid', 400, { code: 'totp_invalid' });
    }
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await database.tx(async (tx) => {
      await members.update(memberId, { totpEnabled: true }, tx);
      await members.replaceRecoveryCodes(
        memberId,
        recoveryCodes.map((c) => sha256Hex(normalizeRecovery(c))),
        tx,
      );
      await audit('2fa_enable', 'ok', { memberId, username: m.username }, client, tx);
    });
    return { recoveryCodes };
  }

  /** DELETE /wps/member/2fa: a current code (or a recovery code) turns two-factor login off. */
  async function disable(memberId: number, code: string, client: AuditClient) {
    const m = await load(memberId);
    if (!m.totpEnabled) throw new AppError('conflict', 409);
    if (!(await verifyCode(m, code))) {
      await audit('2fa_disable', 'bad_code', { memberId, username: m.username }, client);
      throw new AppError('totp_invalid', 400, { code: 'totp_invalid' });
    }
    await database.tx(async (tx) => {
      await members.update(memberId, { totpEnabled: false, totpSecretEnc: null, totpLastStep: null }, tx);
      await members.replaceRecoveryCodes(memberId, [], tx);
      await audit('2fa_disable', 'ok', { memberId, username: m.username }, client, tx);
    });
    return { done: true as const };
  }

  return { setup, enable, disable, verifyCode };
}

export type TotpService = ReturnType<typeof createTotpService>;
