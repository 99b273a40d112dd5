import 'server-only';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { importable, int, str } from './fields';
import { type Collection, CollectionError, type VodClass, type VodItem } from './types';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'video' || name === 'ty' || name === 'dd',
});

const textOf = (v: unknown): string => {
  if (Array.isArray(v)) return textOf(v[0]);
  if (v && typeof v === 'object') return str((v as Node)['#text']);
  return str(v);
};
const nodes = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((n) =>
    n && typeof n === 'object' ? (n as Node) : { '#text': str(n) },
  );

/** The `<rss version="5.1">` dialect of the collection format. */
export function parseXml(text: string): Collection {
  // The format never needs a DTD; refusing one closes entity-expansion tricks.
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new CollectionError('invalid_xml', 'DTD');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new CollectionError('invalid_xml', valid.err.msg);
  const doc = parser.parse(text) as Node;
  const rss = doc.rss as Node | undefined;
  if (!rss || typeof rss !== 'object') throw new CollectionError('not_collection');
  const listNode = (rss.list ?? {}) as Node;
  const videos = nodes(listNode.video);
  const items = videos.map(toItem);
  const list = items.filter(importable);
  const classes: VodClass[] = nodes((rss.class as Node | undefined)?.ty)
    .map((ty) => ({ type_id: int(ty['@_id']), type_name: textOf(ty).trim(), type_pid: int(ty['@_pid']) }))
    .filter((c) => c.type_id > 0 && c.type_name !== '');
  return {
    format: 'xml',
    page: Math.max(1, int(listNode['@_page'], 1)),
    pagecount: int(listNode['@_pagecount'], 1),
    limit: int(listNode['@_pagesize'], list.length),
    total: int(listNode['@_recordcount'], list.length),
    list,
    classes,
    skipped: videos.length - list.length,
  };
}

function toItem(v: Node): VodItem {
  const sources = nodes((v.dl as Node | undefined)?.dd);
  const from = sources.length ? sources.map((dd) => str(dd['@_flag'])).join('$$$') : textOf(v.dt);
  return {
    vod_id: textOf(v.id),
    type_id: int(textOf(v.tid)),
    type_name: textOf(v.type),
    vod_name: textOf(v.name),
    vod_en: textOf(v.en),
    vod_time: textOf(v.last),
    vod_remarks: textOf(v.note),
    vod_pic: textOf(v.pic),
    vod_actor: textOf(v.actor),
    vod_director: textOf(v.director),
    vod_area: textOf(v.area),
    vod_lang: textOf(v.lang),
    vod_year: textOf(v.year),
    vod_content: textOf(v.des),
    vod_play_from: from,
    vod_play_url: sources.map(textOf).join('$$$'),
  };
}
