/** Data that arrives from elsewhere than the request: a connection the code opens, a DNS record. */
import 'server-only';
import { assign } from './assign';
import type { Ctx } from './context';
import type { Args } from './expr';
import { input, type Val } from './values';

/** Open a connection: their reads bring what the other end sends (a reverse shell's commands). */
const CONNECT = new Set([
  'fsockopen',
  'pfsockopen',
  'stream_socket_client',
  'stream_socket_accept',
  'socket_create',
  'socket_accept',
]);
/** Read from a connection given first. */
const READ = new Set(['fgets', 'fgetc', 'fread', 'stream_get_contents', 'stream_get_line', 'socket_read']);
/** Read into the variable given second. */
const RECEIVE = new Set(['socket_recv', 'socket_recvfrom', 'stream_socket_recvfrom']);

/** What a network function answers, or undefined for any other function. */
export function networkCall(cx: Ctx, name: string, a: Args): Val | undefined {
  const [a0] = a.vals;
  if (CONNECT.has(name)) return { taint: 0, sock: true };
  if (READ.has(name) && a0?.sock) return input(`${name}()`);
  const out = a.refs[1];
  if (RECEIVE.has(name) && a0?.sock && out) assign(cx, out, '=', input(`${name}()`));
  // A TXT record's text is whatever the domain's owner publishes today.
  if (name === 'dns_get_record') return input('dns_get_record()');
  return undefined;
}
