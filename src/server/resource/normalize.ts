import 'server-only';
import type { VodItem } from './format/types';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;
const BLOCKS = /<(script|style|iframe|object|embed|template)\b[\s\S]*?(<\/\1\s*>|$)/gi;

/** Plain text only: hostile markup is dropped, not stored (script bodies included). */
export function cleanText(value: string, max: number, keepLines = false): string {
  let text = value
    .replace(CONTROL, '')
    .replace(BLOCKS, ' ')
    .replace(/<[^>]*>?/g, ' ');
  text = text
    .replace(/&nbsp;/gi, ' ')
    .replace(
      /&(amp|quot|#39|apos);/gi,
      (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", apos: "'" })[e.toLowerCase()] ?? '',
    )
    .replace(/[<>]/g, '');
  text = keepLines
    ? text
        .replace(/[ \t]+/g, ' ')
        .replace(/\s*\n\s*/g, '\n')
        .trim()
    : text.replace(/\s+/g, ' ').trim();
  return [...text].slice(0, max).join('');
}

export const cleanUrl = (value: string): string => {
  const url = value.trim().replace(/^\/\//, 'https://');
  return /^https?:\/\/[^\s<>"'`]+$/i.test(url) && url.length <= 1000 && URL.canParse(url) ? url : '';
};

/**
 * Play sources joined by `$$$`, episodes by `#`, each `label$url`: only http(s) addresses are kept,
 * labels lose the separators, a source without a usable episode is dropped.
 */
export function normalisePlay(from: string, urls: string, fallbackFrom: string) {
  const names = from.split('$$$');
  const sources: { from: string; episodes: string[] }[] = [];
  urls.split('$$$').forEach((group, i) => {
    const episodes = group
      .split('#')
      .map((ep, n) => {
        const cut = ep.lastIndexOf('$');
        const url = cleanUrl(cut >= 0 ? ep.slice(cut + 1) : ep);
        const label = cleanText(cut >= 0 ? ep.slice(0, cut) : '', 60).replace(/[$#]/g, '');
        return url ? `${label || `第${String(n + 1).padStart(2, '0')}集`}$${url}` : '';
      })
      .filter(Boolean)
      .slice(0, 2000);
    const name = (names[i] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 40) || fallbackFrom;
    if (episodes.length) sources.push({ from: name, episodes });
  });
  return {
    from: sources.map((s) => s.from).join('$$$'),
    url: sources.map((s) => s.episodes.join('#')).join('$$$'),
  };
}

/** Remote category names onto the portal's types (ids of drizzle/resource/0001); order matters. */
const TYPE_RULES: [RegExp, number][] = [
  [/短剧|微短剧|short\s*drama/i, 5],
  [/纪录|記錄|紀錄|document/i, 6],
  [/动漫|動漫|动画|動畫|番剧|anime|cartoon|animation/i, 4],
  [/综艺|綜藝|variety|show/i, 3],
  [/体育|體育|赛事|sport|football|nba/i, 7],
  [/剧|劇|series|drama|tv/i, 2],
  [/电影|電影|片|movie|film/i, 1],
];

export function mapType(typeName: string, fallback: number): number {
  return TYPE_RULES.find(([rule]) => rule.test(typeName))?.[1] ?? fallback;
}

/** The stored form of one collected entry. */
export function normaliseItem(item: VodItem, fallbackType: number, playerCode: string) {
  const play = normalisePlay(item.vod_play_from, item.vod_play_url, playerCode);
  return {
    remoteId: cleanText(item.vod_id, 64) || cleanText(item.vod_name, 64),
    typeId: mapType(item.type_name, fallbackType),
    name: cleanText(item.vod_name, 200),
    en: cleanText(item.vod_en, 200),
    pic: cleanUrl(item.vod_pic),
    remarks: cleanText(item.vod_remarks, 100),
    actor: cleanText(item.vod_actor, 500),
    director: cleanText(item.vod_director, 200),
    area: cleanText(item.vod_area, 50),
    lang: cleanText(item.vod_lang, 50),
    year: cleanText(item.vod_year, 10),
    content: cleanText(item.vod_content, 5000, true),
    playFrom: play.from,
    playUrl: play.url,
  };
}
export type StoredFields = ReturnType<typeof normaliseItem>;
