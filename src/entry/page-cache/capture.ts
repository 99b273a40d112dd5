import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Head = (status: number, ...rest: unknown[]) => ServerResponse;

/** Runs `decide` just before the status line and headers go out, when the status is known. */
export function beforeHead(res: ServerResponse, decide: (status: number) => void) {
  const writeHead = res.writeHead.bind(res) as Head;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const last = rest[rest.length - 1];
    // Headers handed to writeHead itself would win over ours: fold them in first.
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      for (const [name, value] of Object.entries(last as OutgoingHttpHeaders)) {
        if (value !== undefined && !res.hasHeader(name)) res.setHeader(name, value);
      }
      rest.pop();
    }
    decide(status);
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
}

/** Merges header values into one `Vary` list, each name once. */
export function mergeVary(current: unknown, add: string[]): string {
  const names = String(current ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const name of add) if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(', ');
}

/** Copies every byte the response sends (after any compression Next applies) for `done`. */
export function captureBody(res: ServerResponse, done: (body: Buffer | null) => void) {
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (chunk != null) chunks.push(toBuffer(chunk, rest[0]));
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof res.end;
  let settled = false;
  res.once('finish', () => {
    settled = true;
    done(Buffer.concat(chunks));
  });
  res.once('close', () => {
    if (!settled) done(null);
  });
}
