import net from 'node:net';

export type Mode = 'open' | 'refuse' | 'silent' | 'frozen';

/**
 * A TCP proxy in front of PostgreSQL that a test can turn off (connections refused and cut, as when
 * the server is down), make silent (connections accepted, nothing answered, as when it hangs), or
 * freeze (open connections kept, nothing passed either way until it is opened again, as when the
 * server is stopped with SIGSTOP and continued: what was sent meanwhile is delivered then).
 * `freezeWhen(pattern)` freezes at the first message towards the server that contains `pattern`,
 * that message included.
 */
export async function startPgProxy(target: { host: string; port: number }) {
  let mode: Mode = 'open';
  let trigger: string | undefined;
  const sockets = new Set<net.Socket>();
  const held: (() => void)[] = [];
  const forward = (from: net.Socket, to: net.Socket, towardsServer: boolean) =>
    from.on('data', (chunk: Buffer) => {
      if (towardsServer && trigger && chunk.includes(trigger)) {
        trigger = undefined;
        mode = 'frozen';
      }
      if (mode === 'frozen' || held.length > 0) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return client.destroy();
    if (mode === 'silent' || mode === 'frozen') return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    forward(client, upstream, true);
    forward(upstream, client, false);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /**
     * Changes what connections get from now on: every open one is cut (a restart cuts them too),
     * except that freezing keeps them, and opening a frozen proxy delivers what it held.
     */
    set(next: Mode) {
      const thawing = mode === 'frozen' && next === 'open';
      mode = next;
      if (next === 'frozen') return;
      if (thawing) {
        for (const send of held.splice(0)) send();
        return;
      }
      held.length = 0;
      for (const s of sockets) s.destroy();
    },
    freezeWhen(pattern: string) {
      trigger = pattern;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
