import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/** A statement runner whose calls are answered when the test says so (a batch holding a negative n fails). */
function gate() {
  const calls: { items: { key: number; n: number }[]; release: () => void }[] = [];
  const run = (items: { key: number; n: number }[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        items,
        release: () => (items.some((i) => i.n < 0) ? reject(new Error('bad item')) : resolve(items.map((i) => `ok ${i.n}`))),
      });
    });
  return { calls, run };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit of game operations (docs/adr/0064)', () => {
  it('sends an operation at once when its lane is idle, and what arrives meanwhile in one batch, in order', async () => {
    const g = gate();
    const submit = createGroupCommit({ lanes: 1, maxBatch: 32, keyOf: (i: { key: number }) => i.key, run: g.run });
    const first = submit({ key: 1, n: 1 });
    const rest = [2, 3, 4].map((n) => submit({ key: n, n }));
    expect(g.calls.map((c) => c.items.map((i) => i.n))).toEqual([[1]]);
    g.calls[0]!.release();
    expect(await first).toBe('ok 1');
    await tick();
    expect(g.calls.map((c) => c.items.map((i) => i.n))).toEqual([[1], [2, 3, 4]]);
    g.calls[1]!.release();
    expect(await Promise.all(rest)).toEqual(['ok 2', 'ok 3', 'ok 4']);
  });

  it('with sendAfterTurn, an idle lane waits for the operations that arrive in the same event-loop turn', async () => {
    // A statement that is done as soon as it is sent, as PGlite's are (they run on this thread).
    const sent: number[][] = [];
    const runAtOnce = async (items: { key: number; n: number }[]) => {
      sent.push(items.map((i) => i.n));
      return items.map((i) => `ok ${i.n}`);
    };
    // Three requests read in one turn, each in its own callback with its own microtasks.
    const arriveTogether = async (submit: (item: { key: number; n: number }) => Promise<string>) => {
      const answers = [submit({ key: 1, n: 1 })];
      await Promise.resolve();
      answers.push(submit({ key: 2, n: 2 }));
      await Promise.resolve();
      answers.push(submit({ key: 3, n: 3 }));
      return Promise.all(answers);
    };
    const keyOf = (i: { key: number }) => i.key;
    const after = createGroupCommit({ lanes: 1, maxBatch: 32, keyOf, run: runAtOnce, sendAfterTurn: true });
    expect(await arriveTogether(after)).toEqual(['ok 1', 'ok 2', 'ok 3']);
    expect(sent).toEqual([[1, 2, 3]]);
    // Sent at once, the first statement leaves before the others arrive.
    sent.length = 0;
    const atOnce = createGroupCommit({ lanes: 1, maxBatch: 32, keyOf, run: runAtOnce });
    expect(await arriveTogether(atOnce)).toEqual(['ok 1', 'ok 2', 'ok 3']);
    expect(sent[0]).toEqual([1]);
  });

  it('puts at most maxBatch operations in one statement', async () => {
    const g = gate();
    const submit = createGroupCommit({ lanes: 1, maxBatch: 2, keyOf: (i: { key: number }) => i.key, run: g.run });
    const all = [1, 2, 3, 4, 5].map((n) => submit({ key: n, n }));
    for (let k = 0; k < 3; k++) {
      await tick();
      g.calls[k]!.release();
    }
    expect(await Promise.all(all)).toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4', 'ok 5']);
    expect(g.calls.map((c) => c.items.map((i) => i.n))).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('keeps a lane per key: two keys of different lanes are in flight together, one key never is twice', async () => {
    const g = gate();
    const submit = createGroupCommit({ lanes: 2, maxBatch: 32, keyOf: (i: { key: number }) => i.key, run: g.run });
    const a1 = submit({ key: 2, n: 1 });
    const b1 = submit({ key: 3, n: 2 });
    const a2 = submit({ key: 2, n: 3 });
    expect(g.calls.map((c) => c.items.map((i) => i.n))).toEqual([[1], [2]]);
    g.calls[1]!.release();
    expect(await b1).toBe('ok 2');
    expect(g.calls).toHaveLength(2); // key 2's second operation waits for its first
    g.calls[0]!.release();
    await tick();
    g.calls[2]!.release();
    expect([await a1, await a2]).toEqual(['ok 1', 'ok 3']);
  });

  it('answers a failed batch one operation at a time, so only the operation that fails gets the error', async () => {
    const g = gate();
    const submit = createGroupCommit({ lanes: 1, maxBatch: 32, keyOf: (i: { key: number }) => i.key, run: g.run });
    const first = submit({ key: 1, n: 1 });
    const batch = [submit({ key: 1, n: 2 }), submit({ key: 1, n: -3 }), submit({ key: 1, n: 4 })].map((p) =>
      p.then(
        (v) => v,
        (e: Error) => e.message,
      ),
    );
    g.calls[0]!.release();
    await first;
    await tick();
    g.calls[1]!.release(); // the batch [2, -3, 4] fails as a whole
    for (let k = 2; k < 5; k++) {
      await tick();
      g.calls[k]!.release();
    }
    expect(await Promise.all(batch)).toEqual(['ok 2', 'bad item', 'ok 4']);
    expect(g.calls.map((c) => c.items.map((i) => i.n))).toEqual([[1], [2, -3, 4], [2], [-3], [4]]);
  });
});
