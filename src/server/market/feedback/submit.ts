import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FeedbackInput } from '@/contract/feedback';
import type { Kind } from '@/contract/market';
import { getDb } from '../../db/client';
import { apps, appVersions, feedback } from '../../db/schema';
import { AppError } from '../../errors';
import { removeFiles, writeFiles } from '../files';
import { prepareScreenshot, prepareVideo } from './media';

/**
 * A problem report on a released plugin or theme, from the CMS admin or the portal's form. Every
 * file is checked before anything is written; the files and the row land together or not at all.
 */
export async function submitFeedback(args: {
  input: FeedbackInput;
  /** Set by /api/market_theme/feedback; otherwise the input's `type`, if any, must match the item. */
  kind?: Kind;
  userId?: number;
  client?: string;
  now?: Date;
}) {
  const { input } = args;
  const kind = args.kind ?? (input.type || undefined);
  const db = await getDb();
  const [app] = await db.select().from(apps).where(eq(apps.id, input.id)).limit(1);
  if (!app?.releasedVersionId || (kind && app.kind !== kind))
    throw new AppError('invalid', 'feedback.err.notFound', {}, { field: 'id' });

  const images = await Promise.all(input.images.map(prepareScreenshot));
  const videos = await Promise.all(input.videos.map(prepareVideo));
  const [version] = await db
    .select({ id: appVersions.id })
    .from(appVersions)
    .where(and(eq(appVersions.appId, app.id), eq(appVersions.version, input.version)))
    .orderBy(sql`${appVersions.releasedAt} is null`, desc(appVersions.id))
    .limit(1);

  const files = [...images, ...videos];
  await writeFiles(files);
  try {
    const [row] = await db
      .insert(feedback)
      .values({
        appId: app.id,
        versionId: version?.id ?? null,
        version: input.version,
        content: input.content,
        images: images.map((f) => f.key),
        videos: videos.map((f) => ({ key: f.key, mime: f.mime, size: f.bytes.length })),
        userId: args.userId ?? null,
        client: args.client ?? '',
        ...(args.now ? { createdAt: args.now } : {}),
      })
      .returning({ id: feedback.id });
    return { id: row!.id };
  } catch (error) {
    await removeFiles(files.map((f) => f.key));
    throw error;
  }
}
