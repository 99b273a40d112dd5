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
export function maccmsTagFindings(
  text: string,
  budget: Budget,
  lineOf: (index: number) => number,
): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(MACCMS_TAG)) {
    if (/^(for|foreach)$/i.test(m[1] ?? '') || !m[2]?.includes("'")) continue;
    const json = [...(m[2] ?? '').matchAll(ATTRIBUTE)]
      .map(([, name, dq, sq]) => `"${name}":"${jsonText(dq ?? sq ?? '')}"`)
      .join(',');
    const line = lineOf(m.index);
    for (const f of scanPhp(`<?php $__TAG__ = '{${json}}';`, 'php', budget)) out.push({ ...f, line });
  }
  return out;
}

/** The text json_encode writes for a string, short of `\u` escapes (quotes, backslashes, slashes). */
const jsonText = (s: string) => s.replace(/[\\"/]/g, (c) => `\\${c}`);
