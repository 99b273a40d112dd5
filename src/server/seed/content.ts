import 'server-only';
import { and, eq } from 'drizzle-orm';
import { publicChanged } from '../cache/public-changed';
import { addRelease } from '../content/add-release';
import { signReleases } from '../content/release-signing';
import { saveArticle } from '../content/save-article';
import { getDb } from '../db/client';
import { releases } from '../db/schema';
import { AppError } from '../errors';
import { readBlogSources } from './content-blog';
import { buildPackage, DEMO_RELEASES } from './content-packages';

/** Demo releases (real, signed zips) and the blog posts under content/blog; safe to run on every start. */
export async function seedContent() {
  const db = await getDb();
  for (const release of DEMO_RELEASES) {
    const [existing] = await db
      .select({ id: releases.id })
      .from(releases)
      .where(
        and(
          eq(releases.edition, release.edition),
          eq(releases.kind, release.kind),
          eq(releases.version, release.version),
        ),
      );
    if (existing) continue;
    const { fileName, bytes } = buildPackage(release);
    await addRelease({
      ...release,
      fileName,
      bytes,
      releasedAt: new Date(`${release.date}T10:00:00+08:00`),
    }).catch((error) => {
      if (!(error instanceof AppError)) throw error; // another node published it first
    });
  }
  // Demo releases seeded before they were signed get their signatures (the same service signs new ones).
  await signReleases();
  for (const source of readBlogSources()) await saveArticle(source);
  // New posts and releases in this deploy's content: every node shows them at once.
  await publicChanged(['release', 'blog']);
}
