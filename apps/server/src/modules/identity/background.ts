/**
 * Work done after the answer (SMS and mail delivery): the request does not wait for a gateway, so
 * an answer takes the same time whether or not a message was sent (no user enumeration by timing).
 * Failures are logged; `drain()` waits for what is still running (app close, tests).
 */
export type Background = {
  run(name: string, task: () => Promise<void>): void;
  drain(): Promise<void>;
};

export function createBackground(log: { error: (obj: object, msg: string) => void }): Background {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const p: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
