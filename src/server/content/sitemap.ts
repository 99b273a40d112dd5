import 'server-only';
import { DOC_NAV } from '@/contract/content';
import { cachedArticles } from './cached';

/** Home, docs pages, the update log, the blog and its posts, the help centre. */
export async function contentSitemap() {
  const { rows } = await cachedArticles('zh-cn', 0, 1000);
  const docs = DOC_NAV.flatMap((m) =>
    m.subs.length ? m.subs.map((sub) => `/document?menu=${m.menu}&sub=${sub}`) : [`/document?menu=${m.menu}`],
  );
  return [
    { path: '/', priority: 1 },
    ...docs.map((path) => ({ path, priority: 0.8 })),
    { path: '/blog', priority: 0.7 },
    ...rows.map((r) => ({
      path: `/blog/${r.slug}`,
      lastModified: new Date(r.create_time * 1000),
      priority: 0.6,
    })),
    { path: '/helpCenter', priority: 0.6 },
  ];
}
