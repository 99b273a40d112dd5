import 'server-only';
import { lineOf } from '@/server/domain/web-code';
import { MINER_SIGNATURES } from './cms-catalog';
import type { Finding } from './context';

/**
 * A coin miner in a package's scripts, templates or PHP output: a miner library by what it exports,
 * the hash it computes, or the pool it connects to. WebAssembly alone is not one (players and
 * decoders use it): what it runs is named.
 */
export function minerFindings(text: string): Finding[] {
  for (const { what, test } of MINER_SIGNATURES) {
    const m = test.exec(text);
    if (m) return [{ rule: 'miner', line: lineOf(text, m.index), fn: m[0].slice(0, 40), src: what }];
  }
  return [];
}
