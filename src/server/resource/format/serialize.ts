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

const LIST_FIELDS = [
  'vod_name',
  'type_id',
  'type_name',
  'vod_en',
  'vod_time',
  'vod_remarks',
  'vod_play_from',
] as const;

const vodId = (item: VodItem) => (/^\d+$/.test(item.vod_id) ? Number(item.vod_id) : item.vod_id);

/** JSON exactly as the collector reads it: `limit` is a string, `class` only in list mode. */
export function toJson(page: LibraryPage, mode: Mode, msg: string) {
  const list =
    mode === 'list'
      ? page.list.map((item) => ({
          vod_id: vodId(item),
          ...Object.fromEntries(LIST_FIELDS.map((f) => [f, item[f]])),
        }))
      : page.list.map((item) => ({ ...item, vod_id: vodId(item) }));
  return {
    code: 1,
    msg,
    page: page.page,
    pagecount: page.pagecount,
    limit: String(page.limit),
    total: page.total,
    list,
    ...(mode === 'list' ? { class: page.classes } : {}),
  };
}

// Characters XML 1.0 cannot carry at all, whatever the escaping.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const cdata = (v: string) =>
  `<![CDATA[${v.replace(INVALID_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
export const attr = (v: string | number) =>
  String(v)
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const tag = (name: string, value: string | number) =>
  `<${name}>${typeof value === 'number' ? value : cdata(value)}</${name}>`;

/** The `<rss version="5.1">` dialect (`at=xml`). */
export function toXml(page: LibraryPage, mode: Mode): string {
  const videos = page.list.map((v) => {
    const head = [
      tag('last', v.vod_time),
      tag('id', v.vod_id),
      tag('tid', v.type_id),
      tag('name', v.vod_name),
    ];
    head.push(tag('type', v.type_name));
    if (mode === 'list')
      return `<video>${[...head, tag('dt', v.vod_play_from), tag('note', v.vod_remarks)].join('')}</video>`;
    const froms = v.vod_play_from ? v.vod_play_from.split('$$$') : [];
    const urls = v.vod_play_url.split('$$$');
    const dl = froms.map((flag, i) => `<dd flag="${attr(flag)}">${cdata(urls[i] ?? '')}</dd>`).join('');
    const body = [
      tag('pic', v.vod_pic),
      tag('lang', v.vod_lang),
      tag('area', v.vod_area),
      tag('year', v.vod_year),
      tag('state', 0),
      tag('note', v.vod_remarks),
      tag('actor', v.vod_actor),
      tag('director', v.vod_director),
      `<dl>${dl}</dl>`,
      tag('des', v.vod_content),
    ];
    return `<video>${[...head, ...body].join('')}</video>`;
  });
  const list = `<list page="${page.page}" pagecount="${page.pagecount}" pagesize="${page.limit}" recordcount="${page.total}">${videos.join('')}</list>`;
  const classes = page.classes.map((c) => `<ty id="${c.type_id}">${attr(c.type_name)}</ty>`).join('');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="5.1">${list}<class>${classes}</class></rss>`;
}
