import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3-compatible object server (path-style PUT/GET/HEAD/DELETE on /bucket/key),
 * enough to exercise the S3 adapter over real HTTP without a cloud account.
 */
export async function startS3Server(bucket: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const prefix = `/${bucket}/`;
    if (
      req.method === 'GET' &&
      url.searchParams.get('list-type') === '2' &&
      `${url.pathname}/`.startsWith(prefix)
    ) {
      // ListObjectsV2, one page: what backups walk.
      const wanted = url.searchParams.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(wanted)).sort();
      const contents = keys.map(
        (k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`,
      );
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0"?><ListBucketResult><Name>${bucket}</Name><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents.join('')}</ListBucketResult>`,
      );
      return;
    }
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const found = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (!found) {
        const body = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>';
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end(req.method === 'HEAD' ? undefined : body);
      } else {
        res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length });
        res.end(req.method === 'HEAD' ? undefined : found.body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
