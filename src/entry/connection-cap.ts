import type { Server, Socket } from 'node:net';

/**
 * At most `max` open connections from one address: past it a new one is closed at once, so one
 * client opening connections faster than the header timeout lets them go cannot take every socket
 * the process has. Not for a trusted proxy in front (every client shares its address; the proxy
 * caps per client itself, deploy/nginx.conf).
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
