import 'server-only';
import { resourceProvide } from '@/contract/api/resource';
import type { Locale } from '@/contract/locales';
import type { ProvideQuery } from '@/contract/resource';
import { checkOutput } from '../http/serve';
import { translate } from '../http/translate';
import { toJson, toXml } from './format/serialize';
import { libraryPlayers } from './library-players';
import { listLibrary } from './list-library';

/** The body of `/resource-api/provide/vod` in the format the CMS collector reads. */
export async function provideVod({ query, locale }: { query: ProvideQuery; locale: Locale }) {
  const mode = query.ac === 'list' ? 'list' : 'detail';
  const page = await listLibrary({
    query: {
      t: query.t,
      pg: query.pg,
      wd: query.wd,
      h: query.h,
      ids: query.ids,
      year: query.year,
      pagesize: query.pagesize,
    },
    locale,
    withClasses: mode === 'list' || query.at === 'xml',
  });
  if (query.at === 'xml') return { contentType: 'application/xml; charset=utf-8', body: toXml(page, mode) };
  const players = mode === 'list' ? await libraryPlayers() : [];
  const json = toJson(page, mode, translate(locale, 'resource.provide.listMsg'), players);
  checkOutput(resourceProvide, json);
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(json) };
}
