import net from 'node:net';

export type Mode = 'open' | 'refuse' | 'silent';

/**
 * A TCP proxy in front of PostgreSQL that a test can turn off (connections refused and cut, as when
 * the server is down) or make silent (connections accepted, nothing answered, as when it hangs).
 */
export async function startPgProxy(target: { host: string; port: number }) {
  let mode: Mode = 'open';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return client.destroy();
    if (mode === 'silent') return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Changes what connections get from now on: every open one is cut (a restart cuts them too). */
    set(next: Mode) {
      mode = next;
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
