import 'server-only';
import { parseCollectionOffLoop } from './format/parse-off-loop';
import { type PageCursor, type Station, storeVideos } from './store-videos';

/** One answer of a station (fetched, or a bundled fixture) parsed by the collector's rules and stored. */
export async function importCollection({
  station,
  body,
  now,
  cursor,
}: {
  station: Station;
  body: string | Buffer;
  now: Date;
  /** The page's place in a collection under way (store-videos.ts). */
  cursor?: PageCursor;
}) {
  const page = await parseCollectionOffLoop(body);
  const result = await storeVideos({ station, items: page.list, now, cursor });
  return { page, stored: result.stored, skipped: result.skipped + page.skipped };
}
