import 'server-only';
import type { AssignmentProperty, Property } from 'acorn';

/** Names the script reader knows (reader.ts). */

/** A property's name when the code spells it (`{src: …}`, `{'src': …}`), else null (`{[k]: …}`). */
export const propertyName = (p: Property | AssignmentProperty): string | null =>
  !p.computed && p.key.type === 'Identifier'
    ? p.key.name
    : p.key.type === 'Literal'
      ? String(p.key.value)
      : null;

/** Browser globals followed however they are reached (`window.atob`, `self['eval']`). */
export const GLOBALS = new Set([
  'document',
  'location',
  'navigation',
  'navigator',
  'String',
  'atob',
  'unescape',
  'escape',
  'decodeURIComponent',
  'decodeURI',
  'eval',
  'Function',
  'setTimeout',
  'setInterval',
  'open',
  'fetch',
  'parseInt',
  'Math',
  'Array',
  'Object',
  'Reflect',
  'WebSocket',
  'EventSource',
  'Worker',
  'SharedWorker',
  'importScripts',
  'Promise',
  'queueMicrotask',
  'requestIdleCallback',
  'requestAnimationFrame',
  'postMessage',
  'XMLHttpRequest',
  'ActiveXObject',
  'JSON',
]);

/** Browser objects and methods that load, write or navigate: reached by a built name, a way of hiding. */
export const SINK_NAMES = new Set([
  'location',
  'href',
  'replace',
  'assign',
  'open',
  'write',
  'writeln',
  'eval',
  'createElement',
  'appendChild',
  'insertBefore',
  'innerHTML',
  'outerHTML',
  'src',
  'atob',
  'fromCharCode',
  'constructor',
]);
