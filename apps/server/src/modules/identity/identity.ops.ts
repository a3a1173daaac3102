import type { z } from 'zod';
import type { ZOpsMailRow, ZOpsMemberCreate, ZOpsSmsRow } from '@lotus/contracts/ops-accounts';
import { AppError } from '@lotus/contracts/app-error';
import { DEMO_MEMBERS } from '../../db/seed-data/members';
import type { DemoAccountLine } from '../../startup';
import type { MailRepository } from '../mail/mail.repository';
import type { MemberRepository } from './member.repository';
import type { PasswordHasher } from './password-hasher';
import type { ChallengeService } from '../verification/challenge.service';
import type { SmsService } from '../verification/sms.service';
import type { VerificationRepository } from '../verification/verification.repository';
import type { MemberService } from './member.service';
import type { RegisterService } from './register.service';

/** Operators act from the ops API or the command line: audit rows name them this way. */
const OPERATOR_CLIENT = { ip: '0.0.0.0', userAgent: 'operator' };

type Deps = {
  memberRepo: Pick<MemberRepository, 'findByUsername'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  challenges: Pick<ChallengeService, 'peek'>;
  members: Pick<MemberService, 'listForOps' | 'getForOps' | 'unlock' | 'setStatus'>;
  register: Pick<RegisterService, 'createForSomeone'>;
  verificationRepo: Pick<VerificationRepository, 'listSmsOutbox'>;
  mailRepo: Pick<MailRepository, 'list'>;
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
  sms,
}: Deps) {
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

    async createMember(input: z.output<typeof ZOpsMemberCreate>) {
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
      return members.getForOps(created.id);
    },

    async unlock(username: string) {
      const { unlocked } = await members.unlock(username, OPERATOR_CLIENT);
      return { username, unlocked };
    },

    async peekChallenge(id: string) {
      const found = await challenges.peek(id);
      if (!found) throw new AppError('not_found', 404);
      return found;
    },

    setStatus: (username: string, status: 'active' | 'disabled') => members.setStatus(username, status),

    async listSms(options: {
      to?: string | undefined;
      limit: number;
    }): Promise<z.infer<typeof ZOpsSmsRow>[]> {
      const to = normalizeTo(options.to);
      const rows = await verificationRepo.listSmsOutbox({ limit: options.limit, ...(to ? { to } : {}) });
      return rows.map((r) => ({ id: r.id, to: r.to, text: r.text, createdAt: r.createdAt.toISOString() }));
    },

    /** SMS pumping budgets and alarms (docs/adr/0022-sms-pumping-defences.md). */
    smsBudget: () => sms.budgetView(),

    async listMail(options: {
      to?: string | undefined;
      limit: number;
    }): Promise<z.infer<typeof ZOpsMailRow>[]> {
      const rows = await mailRepo.list({ limit: options.limit, ...(options.to ? { to: options.to } : {}) });
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text.slice(0, 20_000),
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type AccountsOpsService = ReturnType<typeof createAccountsOpsService>;
