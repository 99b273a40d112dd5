import 'server-only';
import { lineOf } from '@/server/domain/web-code';
import { CODE, COMMAND } from './php/catalog';
import type { Budget, Finding } from './php/context';
import { scanPhp } from './php/scan-php';

/**
 * MacCMS's data tags (`{maccms:vod num="10"}`, application/common/taglib/Maccms.php) compile to
 * `$__TAG__ = '<attributes as JSON>';`. json_encode leaves `'` alone, so a `'` in an attribute ends
 * that PHP string and the rest of the attribute runs as code: `num="10'.system(end($_GET)).'"`.
 * `for` and `foreach` compile to ThinkPHP's own tags instead (read as templates by tokens.ts).
 */
const MACCMS_TAG = /\{maccms:(\w+)((?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'))+)\s*\/?\}/gi;
const ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** What the code such tags make does, at the tag's line. */
export function maccmsTagFindings(text: string, budget: Budget): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(MACCMS_TAG)) {
    if (/^(for|foreach)$/i.test(m[1] ?? '') || !m[2]?.includes("'")) continue;
    const json = [...(m[2] ?? '').matchAll(ATTRIBUTE)]
      .map(([, name, dq, sq]) => `"${name}":"${jsonText(dq ?? sq ?? '')}"`)
      .join(',');
    const line = lineOf(text, m.index);
    for (const f of scanPhp(`<?php $__TAG__ = '{${json}}';`, 'php', budget)) out.push({ ...f, line });
  }
  return out;
}

/** The text json_encode writes for a string, short of `\u` escapes (quotes, backslashes, slashes). */
const jsonText = (s: string) => s.replace(/[\\"/]/g, (c) => `\\${c}`);

/** `{$var|f1|f2=a,###}`: a template variable and the functions it is passed through. */
const PIPED = /\{(\$[\w.]+)((?:\|[^|{}\n]{1,80}){1,8})\}/g;
/** `$Think.get.c` and friends, as ThinkPHP compiles them (Template::parseThinkVar). */
const THINK_VAR: Record<string, (key: string) => string> = {
  get: (k) => `\\think\\Request::instance()->get('${k}')`,
  post: (k) => `\\think\\Request::instance()->post('${k}')`,
  request: (k) => `\\think\\Request::instance()->request('${k}')`,
  server: (k) => `\\think\\Request::instance()->server('${k}')`,
  cookie: (k) => `cookie('${k}')`,
  session: (k) => `session('${k}')`,
};

/**
 * What a piped template variable compiles to, read as PHP (Template::parseVarFunction): each function
 * gets the value so far, in place of `###` or first; `default=` is a raw PHP expression. So
 * `{$Think.get.c|call_user_func='system',###}` is `call_user_func('system', $_GET['c'])`. A command
 * or code function in a pipe is held whatever the variable (`{$vo.name|system}`: a collected title).
 */
export function pipedFindings(text: string, budget: Budget): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(PIPED)) {
    let value = variable(m[1] ?? '');
    let named: string | undefined;
    for (const piece of (m[2] ?? '').split('|').slice(1)) {
      const at = piece.indexOf('=');
      const fn = (at < 0 ? piece : piece.slice(0, at)).trim();
      const lower = fn.toLowerCase();
      if (COMMAND.has(lower) || CODE.has(lower) || lower === 'eval' || lower === 'include') named ??= lower;
      const args = at < 0 ? undefined : piece.slice(at + 1);
      if (fn === 'default') value = `(${value} ?: ${args ?? "''"})`;
      else if (args === undefined) value = fn ? `${fn}(${value})` : value;
      else
        value = args.includes('###') ? `${fn}(${args.replaceAll('###', value)})` : `${fn}(${value},${args})`;
    }
    const line = lineOf(text, m.index);
    const compiled = scanPhp(`<?php echo ${value};`, 'php', budget);
    for (const f of compiled) out.push({ ...f, line });
    if (named && compiled.length === 0) out.push({ rule: 'templateCall', line, fn: named });
  }
  return out;
}

function variable(name: string): string {
  const [head, ...keys] = name.split('.');
  const think = head === '$Think' ? THINK_VAR[keys[0]?.toLowerCase() ?? ''] : undefined;
  if (think) return think(keys.slice(1).join('.'));
  return `${head}${keys.map((k) => `['${k}']`).join('')}`;
}
