import 'server-only';
import type { SignatureSet } from '../signatures/engine';
import type { Match } from '../signatures/types';
import { lineOf } from './findings';
import { type DocFacts, readHtml, readJs } from './read-document';
import type { Budget } from './script/reader';

/** One document read once: its facts, the signature rules it matches, the idioms it uses. */
export type ReadDoc = { doc: DocFacts; matches: Match[]; idioms: string[] };

/**
 * Reads pages and scripts, once per distinct text (ten profiles usually get one or two distinct
 * pages), and runs the signature set on their markup (text blanked) and their code. Rules that
 * are only `signal`s become idioms that add weight to the same document's loads.
 */
export class DocReader {
  private readonly cache = new Map<string, ReadDoc>();

  constructor(
    private readonly set: SignatureSet,
    readonly budget: Budget,
  ) {}

  html(text: string, url: string): ReadDoc {
    return this.read(`h${url}\u0000${text}`, () => {
      const doc = readHtml(text, url, this.budget);
      const matches = this.set.scan(doc.live, 'html');
      for (const code of doc.code) {
        for (const m of this.set.scan(code.text, 'js')) {
          const offset = code.offset + m.offset;
          matches.push({ ...m, offset, line: lineOf(text, offset) });
        }
      }
      return this.split(doc, matches);
    });
  }

  js(text: string, url: string): ReadDoc {
    return this.read(`j${url}\u0000${text}`, () =>
      this.split(readJs(text, url, this.budget), this.set.scan(text, 'js')),
    );
  }

  private read(key: string, fn: () => ReadDoc): ReadDoc {
    let got = this.cache.get(key);
    if (!got) {
      got = fn();
      this.cache.set(key, got);
    }
    return got;
  }

  private split(doc: DocFacts, all: Match[]): ReadDoc {
    const seen = new Set<string>();
    const matches = all.filter(
      (m) => m.signature.role !== 'signal' && !seen.has(m.signature.id) && seen.add(m.signature.id),
    );
    const idioms = [...new Set(all.filter((m) => m.signature.role === 'signal').map((m) => m.signature.id))];
    return { doc, matches, idioms };
  }
}
