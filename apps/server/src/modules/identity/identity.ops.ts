import type { z } from 'zod';
import type { ZOpsMailRow, ZOpsMemberCreate, ZOpsSmsRow } from '@lotus/contracts/ops-accounts';
import { AppError } from '@lotus/contracts/app-error';
import { DEMO_MEMBERS } from '../../db/seed-data/members';
import type { DemoAccountLine } from '../../startup';
import type { MailOutboxReader } from '../mail/mail.module';
import type { MemberRepository } from './members/member.repository';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { ChallengeService } from '../verification/challenge.service';
import type { SmsService } from '../verification/sms.service';
import type { SmsOutboxReader } from '../verification/verification.module';
import type { MemberService } from './members/member.service';
import type { RegisterService } from './registration/register.service';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { TOpsAccountFigures, TOpsMemberDetail, TOpsMemberSearchQuery } from '@lotus/contracts/ops-console';
import type { Database } from '../../db/client';
import type { SessionRepository } from './sessions/session.repository';
import type { SessionService } from './sessions/session.service';

/** Operators act from the ops API or the command line: audit rows name them this way. */
const OPERATOR_CLIENT = { ip: '0.0.0.0', userAgent: 'operator' };

type Deps = {
  memberRepo: Pick<MemberRepository, 'findByUsername' | 'findById' | 'update'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  challenges: Pick<ChallengeService, 'peek'>;
  members: Pick<MemberService, 'listForOps' | 'searchForOps' | 'getForOps' | 'toOpsRow' | 'unlock' | 'setStatus'>;
  sessionRepo: Pick<SessionRepository, 'listLiveSessions' | 'listAuthEvents' | 'figures'>;
  sessions: Pick<SessionService, 'revokeAll'>;
  database: Pick<Database, 'tx'>;
  now: () => number;
  register: Pick<RegisterService, 'createForSomeone'>;
  verificationRepo: SmsOutboxReader;
  mailRepo: MailOutboxReader;
  keys: Pick<ServerKeys, 'open'>;
  sms: Pick<SmsService, 'budgetView'>;
};

/** Operator use cases of accounts and access (ops API and `npm run ops -- member|sms|mail`). */
export function createAccountsOpsService({
  memberRepo,
  hasher,
  challenges,
  members,
  register,
  verificationRepo,
  mailRepo,
  keys,
  sms,
  sessionRepo,
  sessions,
  database,
  now,
}: Deps) {
  async function findOrFail(username: string) {
    const m = await memberRepo.findByUsername(username);
    if (!m) throw new AppError('not_found', 404);
    return m;
  }

  const normalizeTo = (to: string | undefined) =>
    to && !to.includes('@') ? `+${to.replace(/^\+/, '')}` : to;

  return {
    /**
     * The demo logins `npm start` prints (seeded in db/seed.ts), each only while its password
     * still works: a changed password is not printed.
     */
    async demoAccountLines(): Promise<DemoAccountLine[]> {
      const lines: DemoAccountLine[] = [];
      for (const demo of DEMO_MEMBERS) {
        const m = await memberRepo.findByUsername(demo.username);
        if (!m) continue;
        const works = await hasher.verify(m.passwordHash, demo.password);
        lines.push({
          role: demo.role,
          login: demo.username,
          secret: works ? demo.password : '(password changed)',
          note: demo.note,
        });
      }
      return lines;
    },

    listMembers: (limit: number) => members.listForOps(limit),

    /** Account figures of the console's dashboard, from the database (the last 24 hours and 7 Bangkok days). */
    async figures(): Promise<TOpsAccountFigures> {
      const at = new Date(now());
      const { totals, events, registrations } = await sessionRepo.figures(at);
      const days = Array.from({ length: 7 }, (_, i) =>
        new Date(at.getTime() + 7 * 3_600_000 - (6 - i) * 86_400_000).toISOString().slice(0, 10),
      );
      return {
        generatedAt: at.toISOString(),
        members: Number(totals.members),
        registrations24h: Number(totals.registrations),
        logins24h: Number(totals.logins),
        failedLogins24h: Number(totals.failedLogins),
        lockouts24h: Number(totals.lockouts),
        activeSessions: Number(totals.activeSessions),
        days: days.map((day) => {
          const e = events.find((x) => x.day === day);
          return {
            day,
            registrations: Number(registrations.find((x) => x.day === day)?.n ?? 0),
            logins: Number(e?.logins ?? 0),
            failedLogins: Number(e?.failedLogins ?? 0),
          };
        }),
      };
    },

    /** The console's member search (docs/adr/0046). */
    searchMembers: (query: TOpsMemberSearchQuery) => members.searchForOps(query),

    /** A member as the console shows it: profile, live sessions, latest authentication events. */
    async memberDetail(id: number): Promise<TOpsMemberDetail> {
      const m = await memberRepo.findById(id);
      if (!m) throw new AppError('not_found', 404);
      const t = now();
      const [row, live, events] = await Promise.all([
        members.toOpsRow(m),
        sessionRepo.listLiveSessions(m.id, new Date(t)),
        sessionRepo.listAuthEvents({ memberId: m.id, limit: 50 }),
      ]);
      return {
        member: {
          ...row,
          createdBy: m.createdBy,
          language: m.language,
          lastLoginIp: m.lastLoginIp,
          registerIp: m.registerIp,
          passwordChangeRequired: m.passwordChangeRequired,
        },
        sessions: live
          .filter((s) => s.lastSeenAt.getTime() + s.idleSeconds * 1000 > t)
          .map((s) => ({
            id: s.id,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
            ip: s.ip,
            userAgent: s.userAgent,
          })),
        authEvents: events.map((e) => ({
          id: e.id,
          event: e.event,
          outcome: e.outcome,
          ip: e.ip,
          userAgent: e.userAgent,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },

    /** Ends every session of a member (their open pages are logged out at their next call). */
    async revokeSessions(username: string, reason: string, note: OpsAuditNote) {
      const m = await findOrFail(username);
      return database.tx(async (tx) => {
        const revoked = await sessions.revokeAll(m.id, null, 'operator', tx);
        await note({ target: `member:${m.username}`, after: { sessionsRevoked: revoked, reason } });
        return { username: m.username, revoked };
      });
    },

    /**
     * Requires a new password at the member's next login (a restricted session until the change,
     * docs/adr/0020); their sessions end now.
     */
    async requirePasswordChange(username: string, reason: string, note: OpsAuditNote) {
      const m = await findOrFail(username);
      return database.tx(async (tx) => {
        await memberRepo.update(m.id, { passwordChangeRequired: true }, tx);
        const revoked = await sessions.revokeAll(m.id, null, 'operator', tx);
        await note({
          target: `member:${m.username}`,
          before: { passwordChangeRequired: m.passwordChangeRequired },
          after: { passwordChangeRequired: true, sessionsRevoked: revoked, reason },
        });
        return { username: m.username, passwordChangeRequired: true as const };
      });
    },

    async createMember(input: z.output<typeof ZOpsMemberCreate>, note: OpsAuditNote) {
      const created = await register.createForSomeone(
        {
          username: input.username,
          password: input.password,
          isAgent: input.isAgent,
          mobile: input.mobileNum
            ? { dial: input.countryDialingCode ?? '66', number: input.mobileNum }
            : null,
          createdBy: 'operator',
        },
        OPERATOR_CLIENT,
      );
      const row = await members.getForOps(created.id);
      // Never the password: the row as operators see it.
      await note({ target: `member:${row.username}`, before: null, after: row });
      return row;
    },

    async unlock(username: string, note: OpsAuditNote, reason?: string) {
      const { unlocked } = await members.unlock(username, OPERATOR_CLIENT);
      await note({ target: `member:${username}`, before: { locked: unlocked }, after: { locked: false, ...(reason ? { reason } : {}) } });
      return { username, unlocked };
    },

    /** A live challenge answer: a secret read, audited (which challenge, not the answer). */
    async peekChallenge(id: string, note: OpsAuditNote) {
      const found = await challenges.peek(id);
      if (!found) throw new AppError('not_found', 404);
      await note({ target: `challenge:${id}`, after: { kind: found.kind } });
      return found;
    },

    async setStatus(username: string, status: 'active' | 'disabled', note: OpsAuditNote, reason?: string) {
      const before = await memberRepo.findByUsername(username);
      const result = await members.setStatus(username, status);
      await note({
        target: `member:${result.username}`,
        before: { status: before?.status ?? null },
        after: { status: result.status, ...(reason ? { reason } : {}) },
      });
      return result;
    },

    /**
     * The SMS outbox, opened (the texts are sealed at rest): a secret read, audited with the filter
     * and the ids shown.
     */
    async listSms(
      options: { to?: string | undefined; limit: number; beforeId?: number | undefined },
      note: OpsAuditNote,
    ): Promise<z.infer<typeof ZOpsSmsRow>[]> {
      const to = normalizeTo(options.to);
      const rows = await verificationRepo.listSmsOutbox({ limit: options.limit, beforeId: options.beforeId, ...(to ? { to } : {}) });
      const opened = await Promise.all(
        rows.map(async (r) => ({ id: r.id, to: r.to, text: (await keys.open(r.text)).slice(0, 500), createdAt: r.createdAt.toISOString() })),
      );
      await note({ target: `sms_outbox:${to ?? '*'}`, after: { ids: opened.map((r) => r.id) } });
      return opened;
    },

    /** SMS pumping budgets and alarms (docs/adr/0022-sms-pumping-defences.md). */
    smsBudget: () => sms.budgetView(),

    /** The mail outbox, opened (bodies are sealed at rest): a secret read, audited. */
    async listMail(
      options: { to?: string | undefined; limit: number; beforeId?: number | undefined },
      note: OpsAuditNote,
    ): Promise<z.infer<typeof ZOpsMailRow>[]> {
      const rows = await mailRepo.list({ limit: options.limit, beforeId: options.beforeId, ...(options.to ? { to: options.to } : {}) });
      const opened = await Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: (await keys.open(r.text)).slice(0, 20_000),
          createdAt: r.createdAt.toISOString(),
        })),
      );
      await note({ target: `mail_outbox:${options.to ?? '*'}`, after: { ids: opened.map((r) => r.id) } });
      return opened;
    },
  };
}

export type AccountsOpsService = ReturnType<typeof createAccountsOpsService>;
