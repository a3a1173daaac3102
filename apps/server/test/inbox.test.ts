import type { TMemberInfo } from '@lotus/contracts/auth';
import type { TMemberMessage } from '@lotus/contracts/inbox';
import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGE, type MemberMessagePayload } from '../src/modules/inbox/inbox.module';
import { createMember } from './factories';
import { body, useTestApp } from './helper';

/**
 * Platform messages (2.MC.15 messageV2, 3.MEM.04 unreadMessage, 3.STAT.05/06/07): other modules
 * send them through the outbox (kind member-message); delivery is idempotent by outbox id; the
 * member lists them newest first, marks them read, and member info counts the unread ones.
 */
const t = useTestApp();
const outbox = () => t.app.services.platform.outbox;

async function send(payload: MemberMessagePayload, key?: string) {
  await t.db.database.tx((tx) => outbox().enqueue(tx, { kind: MEMBER_MESSAGE, payload, ...(key ? { key } : {}) }));
  await t.app.services.platform.outbox.drain();
}

describe('platform messages', () => {
  it('3.STAT.06 3.MEM.04 messages arrive through the outbox, newest first; member info counts the unread', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    await send({ memberId: m.id, template: 'withdrawal_approved', params: { withdrawalId: 'w1', amount: '100.00' } });
    t.clock.advance(1000);
    await send({ memberId: m.id, template: 'withdrawal_rejected', params: { withdrawalId: 'w2', amount: '50.00', reason: 'Name mismatch' } });
    const page = body<{ items: TMemberMessage[]; total: number; unread: number }>(await m.c.get('/wps/member/messages')).value;
    expect(page).toMatchObject({ total: 2, unread: 2 });
    expect(page.items.map((x) => x.template)).toEqual(['withdrawal_rejected', 'withdrawal_approved']);
    expect(page.items[0]!.params).toEqual({ withdrawalId: 'w2', amount: '50.00', reason: 'Name mismatch' });
    expect(body<TMemberInfo>(await m.c.get('/wps/member/info')).value.unreadMessage).toBe(2);
    expect(body<{ unread: number }>(await m.c.get('/wps/member/messages/unread')).value.unread).toBe(2);
    // Nobody else sees them.
    expect(body<{ total: number }>(await other.c.get('/wps/member/messages')).value.total).toBe(0);
    expect((await other.c.inject({ method: 'PUT', url: `/wps/member/messages/${page.items[0]!.id}/read` })).statusCode).toBe(404);

    const read = await m.c.inject({ method: 'PUT', url: `/wps/member/messages/${page.items[0]!.id}/read` });
    expect(body(read).value).toEqual({ unread: 1 });
    // Reading twice keeps the first read time.
    const again = await m.c.inject({ method: 'PUT', url: `/wps/member/messages/${page.items[0]!.id}/read` });
    expect(body(again).value).toEqual({ unread: 1 });
    expect(body<TMemberInfo>(await m.c.get('/wps/member/info')).value.unreadMessage).toBe(1);
    const unreadOnly = body<{ items: TMemberMessage[] }>(await m.c.get('/wps/member/messages?unreadOnly=true')).value;
    expect(unreadOnly.items.map((x) => x.template)).toEqual(['withdrawal_approved']);
  });

  it('3.MEM.04 the login answer counts the unread messages too (the header shows them at once)', async () => {
    const m = await createMember(t);
    await send({ memberId: m.id, template: 'deposit_arrival', params: { amount: '300.00' } });
    await send({ memberId: m.id, template: 'deposit_failed', params: {} });
    await send({ memberId: m.id, template: 'deposit_failed', params: {} }, 'other-key');
    const login = await t.client().loginOk(m.username, m.password);
    expect(login.userInfo?.unreadMessage).toBe(3);
  });

  it('a message delivered twice (the same outbox row) is stored once; the same key is enqueued once', async () => {
    const m = await createMember(t);
    const id = await t.db.database.tx((tx) =>
      outbox().enqueue(tx, { kind: MEMBER_MESSAGE, payload: { memberId: m.id, template: 'deposit_arrival', params: { amount: '1.00' } } }),
    );
    await t.app.services.platform.outbox.drain();
    await t.app.services.inbox.deliver({ memberId: m.id, template: 'deposit_arrival', params: { amount: '1.00' } }, id!);
    await send({ memberId: m.id, template: 'deposit_failed', params: {} }, 'same-key');
    await send({ memberId: m.id, template: 'deposit_failed', params: {} }, 'same-key');
    expect(body<{ total: number }>(await m.c.get('/wps/member/messages')).value.total).toBe(2);
  });

  it('2.MC.15 paging and the member guard', async () => {
    const m = await createMember(t);
    for (let i = 0; i < 3; i++) await send({ memberId: m.id, template: 'deposit_arrival', params: { amount: `${i}.00` } });
    const p2 = body<{ items: TMemberMessage[]; total: number; page: number }>(await m.c.get('/wps/member/messages?page=2&pageSize=2')).value;
    expect(p2).toMatchObject({ total: 3, page: 2 });
    expect(p2.items).toHaveLength(1);
    expect((await t.inject({ method: 'GET', url: '/wps/member/messages' })).statusCode).toBe(401);
  });
});
