import 'server-only';
import { importable, int, str, toItem } from './fields';
import { type Collection, CollectionError, type VodClass } from './types';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseJson(text: string): Collection {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CollectionError('invalid_json', (error as Error).message);
  }
  if (!isRecord(data)) throw new CollectionError('not_collection');
  const rawList = data.list ?? [];
  const rawClass = data.class ?? [];
  if (!Array.isArray(rawList) || !Array.isArray(rawClass) || !('list' in data || 'class' in data)) {
    throw new CollectionError('not_collection');
  }
  const items = rawList.filter(isRecord).map(toItem);
  const list = items.filter(importable);
  const classes: VodClass[] = rawClass
    .filter(isRecord)
    .map((c) => ({ type_id: int(c.type_id), type_name: str(c.type_name).trim(), type_pid: int(c.type_pid) }))
    .filter((c) => c.type_id > 0 && c.type_name !== '');
  const limit = int(data.limit, list.length);
  return {
    format: 'json',
    page: Math.max(1, int(data.page, 1)),
    pagecount: int(data.pagecount, 1),
    limit,
    total: int(data.total, list.length),
    list,
    classes,
    skipped: rawList.length - list.length,
  };
}
