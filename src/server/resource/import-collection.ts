import 'server-only';
import { parseCollectionOffLoop } from './format/parse-off-loop';
import { type Station, storeVideos } from './store-videos';

/** One answer of a station (fetched, or a bundled fixture) parsed by the collector's rules and stored. */
export async function importCollection({
  station,
  body,
  now,
}: {
  station: Station;
  body: string | Buffer;
  now: Date;
}) {
  const page = await parseCollectionOffLoop(body);
  const result = await storeVideos({ station, items: page.list, now });
  return { page, stored: result.stored, skipped: result.skipped + page.skipped };
}
