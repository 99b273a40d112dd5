import { publishedKey } from '@/server/content/release-signing';

// The key lives in storage, which is not open while building.
export const dynamic = 'force-dynamic';

/**
 * The public half of the release signing key, as the PEM file OpenSSL reads; 404 until the first
 * release was signed.
 */
export async function GET(): Promise<Response> {
  const key = await publishedKey();
  if (!key) return new Response('No release key published yet\n', { status: 404 });
  return new Response(key.pem, {
    headers: {
      'content-type': 'application/x-pem-file',
      'content-disposition': 'inline; filename="maccms-release.pub"',
      'x-key-fingerprint': key.fingerprint,
      'cache-control': 'public, max-age=300',
    },
  });
}
