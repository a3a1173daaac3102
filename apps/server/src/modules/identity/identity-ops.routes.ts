import { createMember, listMailOutbox, listMembers, listSmsOutbox, getSmsBudget, peekChallenge } from '@lotus/contracts/ops-accounts';
import {
  getAccountFigures,
  getMemberDetail,
  requirePasswordChange,
  revokeMemberSessions,
  searchMembers,
  setMemberStatus,
  unlockMember,
} from '@lotus/contracts/ops-console';
import type { FastifyInstance } from 'fastify';
import { auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { AccountsOpsService } from './identity.ops';

/** Operator API of accounts and access; registered inside the /ops scope (operator credential, permission). */
export async function opsAccountRoutes(app: FastifyInstance, { accounts }: { accounts: AccountsOpsService }) {
  // ---------- members ----------
  route(app, listMembers, async (req) => accounts.listMembers(req.query.limit));

  route(app, createMember, async (req) => accounts.createMember(req.body, auditNote(req)));

  route(app, unlockMember, async (req) => accounts.unlock(req.params.username, auditNote(req), req.body?.reason));

  route(app, setMemberStatus, async (req) => accounts.setStatus(req.params.username, req.body.status, auditNote(req), req.body.reason));

  route(app, getAccountFigures, async () => accounts.figures());

  route(app, searchMembers, async (req) => accounts.searchMembers(req.query));

  route(app, getMemberDetail, async (req) => accounts.memberDetail(req.params.id));

  route(app, revokeMemberSessions, async (req) => accounts.revokeSessions(req.params.username, req.body.reason, auditNote(req)));

  route(app, requirePasswordChange, async (req) => accounts.requirePasswordChange(req.params.username, req.body.reason, auditNote(req)));

  // ---------- support reads: live challenges, outboxes (each read audited), the SMS budget ----------
  route(app, peekChallenge, async (req) => accounts.peekChallenge(req.params.id, auditNote(req)));

  route(app, listSmsOutbox, async (req) => accounts.listSms(req.query, auditNote(req)));

  route(app, getSmsBudget, async () => accounts.smsBudget());

  route(app, listMailOutbox, async (req) => accounts.listMail(req.query, auditNote(req)));
}
