import { z } from 'zod';
import { buildHouseApp } from './app';

/** Runs the house vendor alone: `npm start -w @lotus/games` (PORT, default 4100; HOST, default 127.0.0.1). */
const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4100),
    HOST: z.string().min(1).max(255).default('127.0.0.1'),
  })
  .parse(process.env);

const app = await buildHouseApp({ logger: { level: 'info' } });
await app.listen({ port: env.PORT, host: env.HOST });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
