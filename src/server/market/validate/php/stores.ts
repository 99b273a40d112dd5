import 'server-only';
import type { Ctx } from './context';
import { end, merge, REQUEST, unknown, type Val } from './values';

/**
 * Stores one request writes and a later one reads: the session (`$_SESSION`, `session()`,
 * `Session::`), the cache (`cache()`, `Cache::`) and files by name. A value kept there from request
 * data is request data wherever it is read again, in any function or file of the package (link.ts).
 */
export type Store = 'session' | 'cache';

/**
 * The value kept under a key the code spells. Keys built at run time are not followed: frameworks
 * cache under computed keys everywhere, and one such write would stand for every read.
 */
export function readStore(cx: Ctx, store: Store, key: Val | undefined): Val {
  return (key?.s !== undefined ? cx.prop(`${store}:${key.s}`) : undefined) ?? unknown();
}

export function writeStore(cx: Ctx, store: Store, key: Val | undefined, v: Val): void {
  if (store === 'session') cx.watch?.session(cx, key, v, cx.line);
  if (key?.s !== undefined) cx.keep(`${store}:${key.s}`, v);
}

/** `file_put_contents($dir . 'notice.txt', $_POST['x'])`: request data kept in a file of that name. */
export function writeFile(cx: Ctx, path: Val | undefined, data: Val): void {
  // A name the request picks is kept under its ending (`*.log`): it may be any file of that kind.
  const key = path && path.taint & REQUEST ? endingKey(path) : fileKey(path);
  if (key && data.taint & REQUEST) cx.keep(key, data);
}

/** What a file of that name holds, when some file of the package wrote request data to it. */
export function readFile(cx: Ctx, path: Val | undefined): Val | undefined {
  const named = fileKey(path);
  const anyOfKind = endingKey(path);
  const a = named ? cx.prop(named) : undefined;
  const b = anyOfKind ? cx.prop(anyOfKind) : undefined;
  return a && b ? merge(a, b) : (a ?? b);
}

/** `file:*.log`: any file with that ending. */
function endingKey(path: Val | undefined): string | undefined {
  const ext = /\.(\w+)$/.exec(end(path) ?? '')?.[1];
  return ext ? `file:*.${ext.toLowerCase()}` : undefined;
}

/** A file by the last part of its path, when the code spells it (`$dir . 'notice.txt'`). */
function fileKey(path: Val | undefined): string | undefined {
  const name = end(path)?.split(/[\\/]/).pop()?.toLowerCase();
  return name && /\w\.\w/.test(name) ? `file:${name}` : undefined;
}

/** `session('k', $v)` / `cache('k')`, `Session::set('k', $v)` / `Cache::get('k')` (ThinkPHP, Laravel). */
export function storeCall(cx: Ctx, store: Store, method: string, vals: Val[]): Val | undefined {
  const [key, value] = vals;
  if ((method === 'set' || method === 'put' || method === '') && key && value) {
    writeStore(cx, store, key, value);
    return unknown();
  }
  if ((method === 'get' || method === 'pull' || method === '') && key) return readStore(cx, store, key);
  return undefined;
}
