import { describe, expect, it } from 'vitest';
import { resourceProvide } from './api/resource';
import { provideDetailSchema, provideListSchema, vodItemSchema } from './resource';

/**
 * The fields docs/cms-contract.md (section 2) names for the CMS collector's JSON, word for word: the schemas of
 * `/resource-api/provide/vod` declare exactly these (the detail record: every `vod_*` field it names).
 */
const CONTRACT = {
  page: ['code', 'msg', 'page', 'pagecount', 'limit', 'total', 'list'],
  listMode: ['class'],
  listItem: [
    'vod_id',
    'vod_name',
    'type_id',
    'type_name',
    'vod_en',
    'vod_time',
    'vod_remarks',
    'vod_play_from',
  ],
  classItem: ['type_id', 'type_name'],
  classOptional: ['type_pid'],
  detailItem: [
    'vod_pic',
    'vod_actor',
    'vod_director',
    'vod_area',
    'vod_lang',
    'vod_year',
    'vod_content',
    'vod_play_from',
    'vod_play_url',
  ],
};

const keys = (shape: object) => Object.keys(shape).sort();
const listItem = provideListSchema.shape.list.element;
const classItem = provideListSchema.shape.class.element;
const detailItem = provideDetailSchema.shape.list.element;

describe('the provide/vod schemas against the collector format of docs/cms-contract.md', () => {
  it('declare the page fields the contract names, `class` only in list mode', () => {
    expect(keys(provideDetailSchema.shape)).toEqual([...CONTRACT.page].sort());
    expect(keys(provideListSchema.shape)).toEqual([...CONTRACT.page, ...CONTRACT.listMode].sort());
  });

  it('declare the list-mode entry and the category exactly as named', () => {
    expect(keys(listItem.shape)).toEqual([...CONTRACT.listItem].sort());
    expect(keys(classItem.shape)).toEqual([...CONTRACT.classItem, ...CONTRACT.classOptional].sort());
    for (const field of CONTRACT.classOptional)
      expect(classItem.shape[field as 'type_pid'].isOptional()).toBe(true);
    for (const field of CONTRACT.classItem)
      expect(classItem.shape[field as 'type_id'].isOptional()).toBe(false);
  });

  it('declare the full record in detail mode: the list fields, every vod_* field named, nothing else', () => {
    const declared = keys(detailItem.shape);
    for (const field of [...CONTRACT.listItem, ...CONTRACT.detailItem]) expect(declared).toContain(field);
    expect(declared.filter((field) => !/^(vod|type)_\w+$/.test(field))).toEqual([]);
    expect(keys(vodItemSchema.shape).filter((field) => !declared.includes(field))).toEqual([]);
  });

  it('sends limit as a string, as the collector reads it', () => {
    const page = { code: 1, msg: 'ok', page: 1, pagecount: 1, total: 0, list: [], class: [] };
    expect(provideListSchema.safeParse({ ...page, limit: '20' }).success).toBe(true);
    expect(provideListSchema.safeParse({ ...page, limit: 20 }).success).toBe(false);
  });

  it('refuses an answer that lost a field the collector reads', () => {
    const entry = {
      vod_id: 1,
      vod_name: 'A',
      type_id: 1,
      type_name: '电影',
      vod_en: 'a',
      vod_time: '2026-01-01 00:00:00',
      vod_remarks: 'HD',
      vod_play_from: 'm3u8',
    };
    const page = { code: 1, msg: 'ok', page: 1, pagecount: 1, limit: '20', total: 1 };
    const answer = { ...page, list: [entry], class: [{ type_id: 1, type_name: '电影' }] };
    expect(resourceProvide.output.safeParse(answer).success).toBe(true);
    const { vod_play_from: _, ...lost } = entry;
    expect(resourceProvide.output.safeParse({ ...answer, list: [lost] }).success).toBe(false);
    const { class: _class, ...noClass } = answer;
    expect(provideListSchema.safeParse(noClass).success).toBe(false);
  });
});
