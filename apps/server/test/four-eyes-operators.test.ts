import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { opsAuditLog } from '../src/db/schema';
import { body, createTestOperator, useTestApp } from './helper';

/**
 * Issue 24, "four-eyes that one person cannot satisfy" (docs/adr/0080): an admin cannot create an
 * admin, mint a token or console credentials for another operator, or get a request approved by an
 * operator they created, credentialed or promoted while it was pending, alone. The requester is the
 * app's admin (`t.ops`, test_operator); independent admins are made by the system (test set-up).
 */
const t = useTestApp();
const db = () => t.db.database.db;

type Pending = { approvalId: number; status: 'pending'; expiresAt: string };
type Approved = { id: number; status: string; decidedBy: string; revealed?: Record<string, string> };

const pending = (res: LightMyRequestResponse): Pending => {
  expect(res.statusCode, res.body).toBe(200);
  const value = body<Pending>(res).value;
  expect(value).toMatchObject({ approvalId: expect.any(Number) as number, status: 'pending' });
  return value;
};
const approve = (caller: { ops: typeof t.ops }, id: number) => caller.ops('POST', `/ops/approvals/${id}/approve`, {});
const operatorNamed = async (username: string) =>
  body<{ username: string; role: string; hasPassword: boolean }[]>(await t.ops('GET', '/ops/operators')).value.find((o) => o.username === username);

async function refusals(approvalId: number) {
  return db()
    .select()
    .from(opsAuditLog)
    .where(and(eq(opsAuditLog.action, 'approval.refuse'), eq(opsAuditLog.target, `approval:${approvalId}`)))
    .orderBy(desc(opsAuditLog.seq));
}

describe('24 four-eyes: operators and their credentials', () => {
  it('an admin creating an admin is a request: nothing exists until a second admin approves, and the requester cannot approve it', async () => {
    const checker = await t.operator('admin');
    // Without a reason the request is refused, and nothing is written.
    const noReason = await t.ops('POST', '/ops/operators', { username: 'second_boss', role: 'admin' });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason)).toMatchObject({ message: 'validation_failed', fields: { reason: 'content_required' } });

    const request = pending(await t.ops('POST', '/ops/operators', { username: 'second_boss', role: 'admin', reason: 'new shift lead' }));
    expect(await operatorNamed('second_boss')).toBeUndefined();
    const own = await t.ops('POST', `/ops/approvals/${request.approvalId}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(body(own).message).toBe('approval_own_request');
    expect(await refusals(request.approvalId)).toHaveLength(1);
    expect(await operatorNamed('second_boss')).toBeUndefined();

    const approved = await approve(checker, request.approvalId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(body<Approved>(approved).value).toMatchObject({ status: 'approved', decidedBy: checker.username });
    expect(await operatorNamed('second_boss')).toMatchObject({ role: 'admin' });

    // A non-admin operator carries no power over others: created at once.
    const support = await t.ops('POST', '/ops/operators', { username: 'desk_support', role: 'support' });
    expect(body<{ username: string }>(support).value).toMatchObject({ username: 'desk_support', role: 'support' });
  });

  it("an admin minting another operator's token is a request; the token goes to the approver once and is never stored or audited", async () => {
    const checker = await t.operator('admin');
    const target = await t.operator('finance');
    const request = pending(await t.ops('POST', `/ops/operators/${target.username}/tokens`, { reason: 'automation for finance' }));
    const approved = body<Approved>(await approve(checker, request.approvalId)).value;
    const token = approved.revealed?.token;
    expect(token).toMatch(/^lop_/);
    // The token works, for the target operator.
    const me = await t.app.opsApp.inject({ method: 'GET', url: '/ops/status', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    // The request's list row and the audit log never hold it.
    const listed = await t.ops('GET', '/ops/approvals?q=operator.token');
    expect(listed.body).not.toContain(token!);
    const audit = await db().select().from(opsAuditLog).where(eq(opsAuditLog.target, `operator:${target.username}`));
    expect(JSON.stringify(audit)).not.toContain(token!);
    // The caller's own token needs nobody: it is them.
    const ownToken = await t.ops('POST', '/ops/operators/test_operator/tokens', { name: 'second laptop' });
    expect(body<{ token: string }>(ownToken).value.token).toMatch(/^lop_/);
  });

  it("an admin resetting another operator's console credentials is a request; the approver sees the one-time password once", async () => {
    const checker = await t.operator('admin');
    const target = await t.operator('support');
    const request = pending(await t.ops('POST', `/ops/operators/${target.username}/credentials`, { reason: 'lost authenticator' }));
    expect((await operatorNamed(target.username))?.hasPassword).toBe(false);
    const approved = body<Approved>(await approve(checker, request.approvalId)).value;
    expect(approved.revealed?.temporaryPassword?.length).toBeGreaterThanOrEqual(12);
    expect((await operatorNamed(target.username))?.hasPassword).toBe(true);
    // Listing the request again never shows the password.
    const listed = await t.ops('GET', '/ops/approvals?q=operator.credentials');
    expect(listed.body).not.toContain(approved.revealed!.temporaryPassword!);
  });

  it('an approval by an operator the requester created, credentialed or promoted while it was pending is refused and audited; the subject cannot approve either', async () => {
    const checker = await t.operator('admin');
    // The requester asks for something only an admin may approve.
    const request = pending(await t.ops('PUT', '/ops/config/region?reason=block%20a%20range', blockedRange('203.0.113.0/24')));

    // Created while pending: the requester asks for a new admin, an independent admin approves it,
    // the requester gets it a token through four-eyes (handed over by the checker).
    const made = pending(await t.ops('POST', '/ops/operators', { username: 'made_by_requester', role: 'admin', reason: 'help' }));
    expect((await approve(checker, made.approvalId)).statusCode).toBe(200);
    const madeToken = pending(await t.ops('POST', '/ops/operators/made_by_requester/tokens', { reason: 'help' }));
    const madeCaller = callerWith(body<Approved>(await approve(checker, madeToken.approvalId)).value.revealed!.token!);
    const byCreated = await approve(madeCaller, request.approvalId);
    expect(byCreated.statusCode).toBe(403);
    expect(body(byCreated).message).toBe('approval_not_independent');

    // Credentialed while pending: an admin the system made, whose token the requester asked for.
    const credentialed = await createTestOperator(t.app, 'admin');
    const issued = pending(await t.ops('POST', `/ops/operators/${credentialed.username}/tokens`, { reason: 'rotate' }));
    expect((await approve(checker, issued.approvalId)).statusCode).toBe(200);
    const byCredentialed = await approve(credentialed, request.approvalId);
    expect(body(byCredentialed).message).toBe('approval_not_independent');

    // Promoted while pending: a support operator the requester had made admin.
    const promoted = await createTestOperator(t.app, 'support');
    const role = pending(await t.ops('PUT', `/ops/operators/${promoted.username}/role`, { role: 'admin', reason: 'promotion' }));
    expect((await approve(checker, role.approvalId)).statusCode).toBe(200);
    const byPromoted = await approve(promoted, request.approvalId);
    expect(body(byPromoted).message).toBe('approval_not_independent');

    // Each refusal is in the audit log with who tried; the request is still pending and unapplied.
    const rows = await refusals(request.approvalId);
    expect(rows.map((r) => r.username).sort()).toEqual([credentialed.username, 'made_by_requester', promoted.username].sort());
    expect(rows.every((r) => (r.after as { refused: string }).refused === 'approval_not_independent')).toBe(true);
    const region = body<{ blockedCidrs: string[] }>(await t.ops('GET', '/ops/config/region')).value;
    expect(region.blockedCidrs).not.toContain('203.0.113.0/24');

    // The operator a request is about cannot approve it, however independent otherwise.
    const subject = await createTestOperator(t.app, 'admin');
    const reset = pending(await t.ops('POST', `/ops/operators/${subject.username}/credentials`, { reason: 'reset' }));
    const bySubject = await approve(subject, reset.approvalId);
    expect(body(bySubject).message).toBe('approval_not_independent');

    // An independent admin approves the first request.
    const approved = await approve(checker, request.approvalId);
    expect(approved.statusCode, approved.body).toBe(200);
    const after = body<{ blockedCidrs: string[] }>(await t.ops('GET', '/ops/config/region')).value;
    expect(after.blockedCidrs).toContain('203.0.113.0/24');
    await t.opsApproved('PUT', '/ops/config/region?reason=undo', { ...after, blockedCidrs: [] });
  });
});

function blockedRange(cidr: string) {
  return { blockedCountries: [], blockedCidrs: [cidr], allowedCidrs: [], countryRanges: [], info: { th: '', en: '' } };
}

function callerWith(token: string) {
  return {
    ops: (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
      t.app.opsApp.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) }),
  };
}
