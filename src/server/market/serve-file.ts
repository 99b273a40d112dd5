import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { apps, appVersions } from '../db/schema';
import { callerOf, readContext } from '../http/context';
import { isAdmin } from '../identity/user';
import { storage } from '../storage';
import { IMAGE_MIME } from './validate/image';

const SERVED = /^market\/(img\/[0-9a-f-]{36}\.(png|jpg|webp|gif)|pkg\/[0-9a-f-]{36}\/[a-z0-9_]+\.zip)$/;
const notFound = () => new Response('Not found', { status: 404 });

/**
 * The answer when a package link leads nowhere (expired, taken down). The CMS's downloader keeps any
 * body it gets as the zip (appending to what an earlier failure left) and unpacks it later, so a
 * client that does not ask for a page gets an empty 404: the CMS then says "下载失败" (download
 * failed) and writes nothing. A browser gets one line in both languages.
 */
export function packageGone(request: Request): Response {
  const page = (request.headers.get('accept') ?? '').includes('text/html');
  return new Response(
    page ? '下载链接已过期或不存在 / This download link has expired or does not exist' : null,
    {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    },
  );
}

/** Streams a stored file; a package is sent as an attachment named after its folder. */
export async function streamFile(key: string, args: { type: string; download?: string; shared: boolean }) {
  const file = await storage().read(key);
  if (!file) return notFound();
  const headers: Record<string, string> = {
    'content-type': args.type,
    'content-length': String(file.size),
    'cache-control': args.shared ? 'public, max-age=31536000, immutable' : 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
  };
  if (args.download) headers['content-disposition'] = `attachment; filename="${args.download}"`;
  return new Response(file.stream, { headers });
}

/**
 * Who may fetch a package by its key: anyone when it is a released free version (the CMS installs it
 * from `info.source`), otherwise only its developer and administrators (reviews, paid packages).
 */
async function packageAccess(key: string, request: Request) {
  const db = await getDb();
  const rows = await db
    .select({
      folder: appVersions.folder,
      free: appVersions.toll,
      released: appVersions.releasedAt,
      owner: apps.ownerId,
    })
    .from(appVersions)
    .innerJoin(apps, eq(apps.id, appVersions.appId))
    .where(eq(appVersions.packageKey, key));
  const first = rows[0];
  if (!first) return undefined;
  const open = rows.find((r) => r.released && r.free === 0);
  if (open) return { folder: open.folder, shared: true };
  const user = await callerOf(readContext(request));
  if (user && (isAdmin(user) || rows.some((r) => r.owner === user.id)))
    return { folder: first.folder, shared: false };
  return undefined;
}

/** Market images (public) and packages (see packageAccess) by their random keys. */
export async function serveMarketFile(key: string, request: Request): Promise<Response> {
  const match = SERVED.exec(key);
  if (!match) return notFound();
  const ext = match[2];
  if (ext) return streamFile(key, { type: IMAGE_MIME[ext] ?? 'application/octet-stream', shared: true });
  const access = await packageAccess(key, request);
  if (!access) return packageGone(request);
  return streamFile(key, {
    type: 'application/zip',
    download: `${access.folder}.zip`,
    shared: access.shared,
  });
}
