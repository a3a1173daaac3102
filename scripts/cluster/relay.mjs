// TCP relays for the cluster test (scripts/cluster.mjs), run as a child process so that their copying does not
// share the load generator's event loop. PostgreSQL and Redis listen on 127.0.0.1 only, which a network
// namespace cannot reach; each relay listens on an address of the root namespace the instances can reach and
// forwards every connection to its target.
//
//   node scripts/cluster/relay.mjs <listen host:port>=<target host:port> ...
//
// Prints `ready` once every relay listens; ends on SIGTERM.
import net from 'node:net';

const pairs = process.argv.slice(2).map((arg) => {
  const [from, to] = arg.split('=');
  const split = (hp) => {
    const i = hp.lastIndexOf(':');
    return { host: hp.slice(0, i), port: Number(hp.slice(i + 1)) };
  };
  return { from: split(from), to: split(to) };
});

const servers = await Promise.all(
  pairs.map(
    ({ from, to }) =>
      new Promise((resolve, reject) => {
        const server = net.createServer((client) => {
          const upstream = net.connect(to.port, to.host);
          client.setNoDelay(true);
          upstream.setNoDelay(true);
          client.pipe(upstream);
          upstream.pipe(client);
          const end = () => {
            client.destroy();
            upstream.destroy();
          };
          client.on('error', end);
          upstream.on('error', end);
          client.on('close', end);
          upstream.on('close', end);
        });
        server.once('error', reject);
        server.listen(from.port, from.host, () => resolve(server));
      }),
  ),
);
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  for (const s of servers) s.close();
  process.exit(0);
});
