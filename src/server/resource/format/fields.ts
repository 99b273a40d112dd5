import 'server-only';
import { VOD_TEXT_FIELDS, type VodItem } from './types';

export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';

export const int = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : Number.parseInt(str(v), 10);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
};

/** An entry from a loose record (numbers as strings, missing fields), fields as read. */
export function toItem(raw: Record<string, unknown>): VodItem {
  const item = {
    vod_id: str(raw.vod_id),
    type_id: int(raw.type_id),
    type_name: str(raw.type_name),
  } as VodItem;
  for (const field of VOD_TEXT_FIELDS) item[field] = str(raw[field]);
  return item;
}

/** The collector's import rule (docs/cms-contract.md, section 2). */
export const importable = (item: VodItem) => item.type_id > 0 && item.vod_name.trim() !== '';
