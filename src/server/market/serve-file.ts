import 'server-only';
import { storage } from '../storage';
import { IMAGE_MIME } from './validate/image';

const SERVED = /^market\/(img\/[0-9a-f-]{36}\.(png|jpg|webp|gif)|pkg\/[0-9a-f-]{36}\/[a-z0-9_]+\.zip)$/;

/**
 * Serves market images and packages by key. Keys hold 122 random bits, so a paid package's URL is
 * only known to whoever was given it after a licence check.
 */
export async function serveMarketFile(key: string): Promise<Response> {
  const match = SERVED.exec(key);
  const file = match ? await storage().read(key) : undefined;
  if (!match || !file) return new Response('Not found', { status: 404 });
  const ext = match[2];
  const headers: Record<string, string> = {
    'content-type': ext ? (IMAGE_MIME[ext] ?? 'application/octet-stream') : 'application/zip',
    'content-length': String(file.size),
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
  };
  if (!ext) headers['content-disposition'] = `attachment; filename="${key.split('/').at(-1)}"`;
  return new Response(file.stream, { headers });
}
