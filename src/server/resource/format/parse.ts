import 'server-only';
import { parseJson } from './parse-json';
import { parseXml } from './parse-xml';
import { type Collection, CollectionError } from './types';

const HTML_START = /^(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;

/**
 * Reads a provide/vod answer by the CMS collector's rules: an empty body, anything that is not
 * valid JSON or XML (an HTML error page included) is an error; only entries with a non-zero
 * type_id and a non-empty vod_name count.
 */
export function parseCollection(body: string | Buffer): Collection {
  const text = (typeof body === 'string' ? body : body.toString('utf8')).replace(/^\uFEFF/, '').trim();
  if (!text) throw new CollectionError('empty');
  if (text.startsWith('{')) return parseJson(text);
  if (text.startsWith('<')) {
    if (HTML_START.test(text)) throw new CollectionError('html');
    const xml = parseXml(text);
    return xml;
  }
  throw new CollectionError(/^[[\d"]/.test(text) ? 'not_collection' : 'invalid_json');
}
