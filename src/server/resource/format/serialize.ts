import 'server-only';
import type { z } from 'zod';
import type { PlayerSetup, provideDetailSchema, provideListSchema } from '@/contract/resource';
import { buildXml, cdata, xmlText } from '../../content/xml';
import type { VodClass, VodItem } from './types';

export type LibraryPage = {
  page: number;
  pagecount: number;
  limit: number;
  total: number;
  list: VodItem[];
  classes: VodClass[];
};
export type Mode = 'list' | 'detail';

/**
 * Whether a series is still running, from its remarks ("更新至24集", "连载中" vs "全36集", "HD"): the
 * CMS reads `<state>`/`vod_serial` as the episode it is at, and 0 as finished.
 */
export function serialOf(remarks: string): number {
  if (/全\s*\d+\s*[集期]|完结|Complete/i.test(remarks)) return 0;
  const at = /(?:更新至|更新到|连载至|第)\s*(\d+)\s*[集期]/.exec(remarks);
  if (at) return Number(at[1]);
  return /连载|更新中|ongoing/i.test(remarks) ? 1 : 0;
}

const vodId = (item: VodItem) => (/^\d+$/.test(item.vod_id) ? Number(item.vod_id) : item.vod_id);

type ListJson = z.input<typeof provideListSchema>;
type DetailJson = z.input<typeof provideDetailSchema>;

/**
 * JSON exactly as the collector reads it (the schemas in src/contract/resource.ts): `limit` is a
 * string, `class` only in list mode. List mode also names the play-source codes served and the player
 * each needs (the collector ignores the key).
 */
export function toJson(page: LibraryPage, mode: 'list', msg: string, players?: PlayerSetup[]): ListJson;
export function toJson(page: LibraryPage, mode: 'detail', msg: string): DetailJson;
export function toJson(
  page: LibraryPage,
  mode: Mode,
  msg: string,
  players?: PlayerSetup[],
): ListJson | DetailJson;
export function toJson(
  page: LibraryPage,
  mode: Mode,
  msg: string,
  players: PlayerSetup[] = [],
): ListJson | DetailJson {
  const { page: at, pagecount, total } = page;
  const paging = { code: 1 as const, msg, page: at, pagecount, limit: String(page.limit), total };
  if (mode === 'detail') {
    const detail: DetailJson = {
      ...paging,
      list: page.list.map((item) => {
        const serial = serialOf(item.vod_remarks);
        return { ...item, vod_id: vodId(item), vod_serial: String(serial), vod_isend: serial ? 0 : 1 };
      }),
    };
    return detail;
  }
  const list = page.list.map((item) => ({
    vod_id: vodId(item),
    vod_name: item.vod_name,
    type_id: item.type_id,
    type_name: item.type_name,
    vod_en: item.vod_en,
    vod_time: item.vod_time,
    vod_remarks: item.vod_remarks,
    vod_play_from: item.vod_play_from,
  }));
  // `players` is for people reading the answer; no schema field, as the collector does not read it.
  const answer = { ...paging, list, class: page.classes, players };
  return answer satisfies ListJson;
}

/** The `<rss version="5.1">` dialect (`at=xml`), as the CMS's own API writes it (CDATA for text). */
export function toXml(page: LibraryPage, mode: Mode): string {
  const video = page.list.map((v) => {
    const head = {
      last: cdata(v.vod_time),
      id: cdata(v.vod_id),
      tid: v.type_id,
      name: cdata(v.vod_name),
      type: cdata(v.type_name),
    };
    // The CMS's XML collector counts <dl> children in list mode too (a PHP 8 error when it is missing).
    if (mode === 'list') return { ...head, dt: cdata(v.vod_play_from), note: cdata(v.vod_remarks), dl: '' };
    const froms = v.vod_play_from ? v.vod_play_from.split('$$$') : [];
    const urls = v.vod_play_url.split('$$$');
    return {
      ...head,
      pic: cdata(v.vod_pic),
      lang: cdata(v.vod_lang),
      area: cdata(v.vod_area),
      year: cdata(v.vod_year),
      state: serialOf(v.vod_remarks),
      note: cdata(v.vod_remarks),
      actor: cdata(v.vod_actor),
      director: cdata(v.vod_director),
      dl: froms.length
        ? { dd: froms.map((flag, i) => ({ '@_flag': xmlText(flag), ...cdata(urls[i] ?? '') })) }
        : '',
      des: cdata(v.vod_content),
    };
  });
  return buildXml({
    rss: {
      '@_version': '5.1',
      list: {
        '@_page': page.page,
        '@_pagecount': page.pagecount,
        '@_pagesize': page.limit,
        '@_recordcount': page.total,
        video,
      },
      class: page.classes.length
        ? { ty: page.classes.map((c) => ({ '@_id': c.type_id, '#text': xmlText(c.type_name) })) }
        : '',
    },
  });
}
