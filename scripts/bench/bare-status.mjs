// The baseline of the status figure (issue 26, "a lean request path"): a bare Fastify route answering
// GET /wps/system/status with the same JSON text the platform answered (BARE_BODY), with no plugin at all (no
// security headers, rate limit, request context, site access, logging or compression). The platform's status
// rate divided by this one is the share the plugin chain leaves (target >= 0.5). Listens on PORT, prints "ready".
import Fastify from 'fastify';

const body = process.env.BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/wps/system/status', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void app.close().then(() => process.exit(0)));
