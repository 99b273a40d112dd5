import 'server-only';
import { randomBytes } from 'node:crypto';
import os from 'node:os';

const holder = globalThis as unknown as { __portalNode?: string };

/** This process, as job records name it: host, pid and a random part (pids repeat across restarts). */
export function nodeName(): string {
  holder.__portalNode ??= `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  return holder.__portalNode;
}
