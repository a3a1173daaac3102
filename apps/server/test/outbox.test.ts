import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, outbox as outboxTable } from '../src/db/schema';
import { body, uniqueName, useTestApp } from './helper';

/**
 * Issue 7 (house shape): the transactional outbox. A side effect (here a mail, through the sandbox
 * transport, which stores what it sends) is recorded in the transaction of the change and
 * performed after commit; a rolled back transaction sends nothing.
 */
const t = useTestApp();

/** The sandbox mail outbox is sealed at rest: read it as support staff would, through the audited operator view. */
const mailsTo = (to: string) => t.mails(to, { limit: 10, drain: false });

describe('transactional outbox (issue 7)', () => {
  it('issue 7 the password-reset mail is enqueued with the reset and sent after commit; its link is not stored in clear', async () => {
    const username = uniqueName('ob');
    const email = `${username}@example.com`;
    const reg = await t.client().register({ username, password: 'Reset-me 2026', confirmPassword: 'Reset-me 2026', email });
    expect(reg.body.success).toBe(true);
    const res = await t.client().inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: new URLSearchParams({ username, email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'www.lotus.example', language: 'en' },
    });
    expect(body(res).success).toBe(true);
    await t.app.services.platform.outbox.drain();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)?.[1];
    expect(token).toBeTruthy();
    // The outbox row is processed, and its payload never held the link in clear.
    const rows = await t.db.database.db.select().from(outboxTable).where(eq(outboxTable.kind, 'mail'));
    const mine = rows.filter((r) => r.processedAt !== null);
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token!);
    expect(JSON.stringify(rows)).not.toContain(email);
  });

  it('issue 7 a mail enqueued in a transaction is not sent before the commit, and is sent after it', async () => {
    const { outbox } = t.app.services.platform;
    const to = `${uniqueName('oc')}@example.com`;
    const payload = await outbox.seal({ to, subject: 'after commit', text: 'hello' });
    await t.db.database.tx(async (tx) => {
      await outbox.enqueue(tx, { kind: 'mail', payload });
      // Still inside the transaction: nothing was sent.
      expect(await tx.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toEqual([]);
    });
    await t.app.services.platform.outbox.drain();
    expect((await mailsTo(to)).map((m) => m.subject)).toEqual(['after commit']);
  });

  it('issue 7 a transaction that rolls back after the enqueue sends nothing and leaves no outbox row', async () => {
    const { outbox } = t.app.services.platform;
    const to = `${uniqueName('or')}@example.com`;
    const payload = await outbox.seal({ to, subject: 'never', text: 'rolled back' });
    const before = await t.db.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxTable);
    await expect(
      t.db.database.tx(async (tx) => {
        await outbox.enqueue(tx, { kind: 'mail', payload });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.services.platform.outbox.drain();
    await t.app.services.platform.jobs.runDue();
    expect(await mailsTo(to)).toEqual([]);
    const after = await t.db.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxTable);
    expect(after).toEqual(before);
  });

  it('issue 7 an idempotency key enqueued twice is delivered once', async () => {
    const { outbox } = t.app.services.platform;
    const to = `${uniqueName('oi')}@example.com`;
    const key = `test:${to}`;
    for (let i = 0; i < 2; i++) {
      const payload = await outbox.seal({ to, subject: `copy ${i}`, text: 'once' });
      await t.db.database.tx((tx) => outbox.enqueue(tx, { kind: 'mail', payload, key }));
    }
    await t.app.services.platform.outbox.drain();
    expect((await mailsTo(to)).map((m) => m.subject)).toEqual(['copy 0']);
  });

  it('issue 7 a row committed without its after-commit hand-over (a crash) is delivered by the sweep job', async () => {
    const { outbox, jobs } = t.app.services.platform;
    const to = `${uniqueName('os')}@example.com`;
    const payload = await outbox.seal({ to, subject: 'swept', text: 'late but delivered' });
    // A transaction opened past the runner has no after-commit hand-over: like a crash after commit.
    await t.db.database.db.transaction((tx) => outbox.enqueue(tx, { kind: 'mail', payload }).then(() => undefined));
    await t.app.services.platform.outbox.drain();
    expect(await mailsTo(to)).toEqual([]);
    // A minute later the sweep (scheduled every minute) hands it over.
    t.clock.advance(61_000);
    await jobs.tick();
    await jobs.runDue();
    await t.app.services.platform.outbox.drain();
    expect((await mailsTo(to)).map((m) => m.subject)).toEqual(['swept']);
  });
});
