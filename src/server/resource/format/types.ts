import 'server-only';
import type { z } from 'zod';
import type { ResourceType, vodItemSchema } from '@/contract/resource';

/** One entry of the collection format (docs/cms-contract.md, section 2), every field as the collector reads it. */
export type VodItem = z.infer<typeof vodItemSchema>;

export type VodClass = ResourceType;

export type Collection = {
  format: 'json' | 'xml';
  page: number;
  pagecount: number;
  limit: number;
  total: number;
  list: VodItem[];
  classes: VodClass[];
  /** Entries refused by the collector's rules (type_id 0, empty name). */
  skipped: number;
};

export type CollectionFailure = 'empty' | 'html' | 'invalid_json' | 'invalid_xml' | 'not_collection';

export class CollectionError extends Error {
  constructor(
    readonly reason: CollectionFailure,
    detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
    this.name = 'CollectionError';
  }
}

export const VOD_TEXT_FIELDS = [
  'vod_name',
  'vod_en',
  'vod_time',
  'vod_remarks',
  'vod_pic',
  'vod_actor',
  'vod_director',
  'vod_area',
  'vod_lang',
  'vod_year',
  'vod_content',
  'vod_play_from',
  'vod_play_url',
] as const;
