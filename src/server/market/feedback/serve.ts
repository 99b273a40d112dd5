import 'server-only';
import { eq } from 'drizzle-orm';
import { isRecordId } from '@/contract/record-id';
import { getDb } from '../../db/client';
import { apps, feedback } from '../../db/schema';
import { callerOf, readContext } from '../../http/context';
import { isAdmin } from '../../identity/user';
import { storage } from '../../storage';
import { mediaKey } from './media';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mpg: 'video/mpeg',
};

const text = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', ...extra },
  });

/**
 * A report's screenshot or video, for the item's developer and administrators only (session cookie
 * or token checked here). Supports a single `Range`, so browsers can seek in an MP4.
 */
export async function serveFeedbackMedia(request: Request, id: string, name: string): Promise<Response> {
  const key = mediaKey(name);
  const feedbackId = isRecordId(id) ? Number(id) : 0;
  if (!key || !feedbackId) return text(404, 'Not found');
  const user = await callerOf(readContext(request));
  if (!user) return text(401, 'Login required');
  const db = await getDb();
  const [row] = await db
    .select({ images: feedback.images, videos: feedback.videos, ownerId: apps.ownerId })
    .from(feedback)
    .innerJoin(apps, eq(apps.id, feedback.appId))
    .where(eq(feedback.id, feedbackId))
    .limit(1);
  if (!row || !(row.images.includes(key) || row.videos.some((v) => v.key === key)))
    return text(404, 'Not found');
  if (row.ownerId !== user.id && !isAdmin(user)) return text(403, 'Forbidden');
  const file = await storage().read(key);
  if (!file) return text(404, 'Not found');
  // Media are at most 3 MB, so a range is cut from the whole file rather than asked of the storage.
  const bytes = new Uint8Array(await new Response(file.stream).arrayBuffer());
  const ext = name.split('.').at(-1)!;
  const headers: Record<string, string> = {
    'content-type': MIME[ext]!,
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
    'content-disposition':
      ext === 'avi' || ext === 'mpg' ? `attachment; filename="feedback-${feedbackId}.${ext}"` : 'inline',
  };
  const range = parseRange(request.headers.get('range'), bytes.length);
  if (range === 'unsatisfiable')
    return text(416, 'Range not satisfiable', { 'content-range': `bytes */${bytes.length}` });
  const body = request.method === 'HEAD' ? null : range ? bytes.slice(range[0], range[1] + 1) : bytes;
  if (!range) return new Response(body, { headers: { ...headers, 'content-length': String(bytes.length) } });
  return new Response(body, {
    status: 206,
    headers: {
      ...headers,
      'content-range': `bytes ${range[0]}-${range[1]}/${bytes.length}`,
      'content-length': String(range[1] - range[0] + 1),
    },
  });
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; several ranges or other units are answered whole. */
export function parseRange(header: string | null, size: number): [number, number] | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}
