import { describe, expect, it } from 'vitest';
import { createClock, useTestApp } from './helper';

/**
 * The site configuration is cached for at most 1 s (platform/config). A money movement reads it inside its
 * transaction (a deposit's wagering multiple, docs/adr/0070). On the embedded database (one session), a read made
 * outside the open transaction waits for it to end while the transaction waits for the read: the server stopped
 * answering for good whenever a credit found the snapshot expired (seen in the end-to-end suite on a busy machine).
 * Time stands still here and the test moves it past the snapshot's life before each decision.
 */
const clock = createClock({ frozen: Date.now() });
const t = useTestApp({ clock });

describe('configuration read inside a money transaction', () => {
  it('a read inside a transaction with an expired snapshot answers from that transaction (it hung for good before)', async () => {
    await t.app.services.config.get('withdrawal');
    clock.advance(5_000);
    const inside = await t.db.database.tx(() => t.app.services.config.get('withdrawal'));
    expect(inside).toEqual(await t.app.services.config.get('withdrawal'));
    // And the server still answers afterwards.
    expect((await t.inject('/wps/system/status')).statusCode).toBe(200);
  });
});
