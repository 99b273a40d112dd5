import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/** An answer as it came over the wire (`body`) and decoded from its Content-Encoding (`text`). */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
};

/** A raw GET: headers exactly as written (an array sends the header once per value), nothing added. */
export function rawGet(url: string, headers: http.OutgoingHttpHeaders = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.once('end', () => {
        const body = Buffer.concat(chunks);
        const decode = DECODE[String(response.headers['content-encoding'])];
        const text = (decode ? decode(body) : body).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text });
      });
    });
    request.once('error', reject);
    request.end();
  });
}

/** A port nothing listens on now (for a server the test starts: nginx, an app node). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
