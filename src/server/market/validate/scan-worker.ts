/**
 * The package check's thread (see check-off-loop.ts): runs `checkPackage` for each message and
 * answers with its result, so that a scan never holds the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import type { CheckJob, CheckReply } from './check-off-loop';
import { checkPackage } from './package';

parentPort?.on('message', (job: CheckJob) => {
  let reply: CheckReply;
  try {
    reply = { id: job.id, checked: checkPackage(job.bytes, job.fileName, job.kind) };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply, reply.checked ? [reply.checked.bytes.buffer as ArrayBuffer] : []);
});
