import { describe, expect, it } from 'vitest';
import { AhoCorasick } from '@/server/domain/signatures/aho-corasick';
import { BUILTIN_SIGNATURES } from '@/server/domain/signatures/builtin';
import { CLEAN_CORPUS } from '@/server/domain/signatures/corpus';
import { MAX_WINDOWS, SignatureSet } from '@/server/domain/signatures/engine';
import { decode } from '@/server/domain/signatures/normalise';

const naive = (patterns: string[], text: string) => {
  const out: string[] = [];
  patterns.forEach((p, id) => {
    for (let i = text.indexOf(p); i !== -1; i = text.indexOf(p, i + 1)) out.push(`${id}@${i}`);
  });
  return out.sort();
};

describe('signature engine', () => {
  it('Aho-Corasick finds exactly what a naive search finds, on CJK and overlapping patterns', () => {
    const patterns = ['he', 'she', 'his', 'hers', '电影', '影视', '最新电影', 'a', 'aa', 'aaa'];
    const text = 'ushers 最新电影影视 aaaa his 电影影视';
    const found: string[] = [];
    new AhoCorasick(patterns).search(text, (id, start) => {
      found.push(`${id}@${start}`);
    });
    expect(found.sort()).toEqual(naive(patterns, text));
  });

  it('decodes escapes, entities, fromCharCode and base64, mapping hits back to the raw text', () => {
    const raw =
      'x=1;\nvar u="\\x75\\x6e\\x69\\x6f\\x6e";String.fromCharCode(101,118,97,108);&lt;script&gt; aHR0cHM6Ly91bmlvbi5tYWNvbXMubGEvanF1ZXJ5LmpzP3Y9Mw==';
    const view = decode(raw)!;
    expect(view.text).toContain('var u="union"');
    expect(view.text).toContain('eval');
    expect(view.text).toContain('<script>');
    expect(view.text).toContain('https://union.macoms.la/jquery.js?v=3');
    const at = view.text.indexOf('https://union');
    expect(raw.slice(view.toRaw(at)).startsWith('aHR0cHM6')).toBe(true);
    expect(raw.slice(view.toRaw(view.text.indexOf('var u'))).startsWith('var u')).toBe(true);
  });

  it('finds a loader hidden behind \\x escapes in the decoded text and reports its raw line', () => {
    const set = new SignatureSet(BUILTIN_SIGNATURES);
    const raw =
      'ok\nok\nvar a="\\x64\\x6f\\x63\\x75\\x6d\\x65\\x6e\\x74\\x2e\\x77\\x72\\x69\\x74\\x65\\x28\\x27\\x3c\\x73\\x63\\x72\\x69\\x70\\x74\\x20\\x73\\x72\\x63\\x3d\\x22\\x68\\x74\\x74\\x70\\x73\\x3a\\x2f\\x2f\\x78\\x2e\\x63\\x6e\\x2f\\x61\\x2e\\x6a\\x73";';
    const [match] = set.scan(raw, 'js');
    expect(match?.signature.id).toBe('inject.document-write-script');
    expect(match?.decoded).toBe(true);
    expect(match?.line).toBe(3);
  });

  it('stays quiet on the clean corpus (every built-in signature)', () => {
    const set = new SignatureSet(BUILTIN_SIGNATURES);
    for (const file of CLEAN_CORPUS) {
      expect({ file: file.name, matches: set.scan(file.text, file.kind).map((m) => m.signature.id) }).toEqual(
        {
          file: file.name,
          matches: [],
        },
      );
    }
  });

  it('bounds the regex work on hostile input: the same number of windows for 1 MB as for 2 MB', () => {
    const set = new SignatureSet(BUILTIN_SIGNATURES);
    const hostile = (n: number) =>
      'document.referrer baidu '.repeat(n) + 'navigator.userAgent spider '.repeat(n) + ' '.repeat(800);
    const small = { windows: 0 };
    const large = { windows: 0 };
    expect(set.scan(hostile(40_000), 'html', small)).toEqual([]);
    expect(set.scan(hostile(80_000), 'html', large)).toEqual([]);
    expect(large.windows).toBe(small.windows);
    expect(large.windows).toBeLessThanOrEqual(BUILTIN_SIGNATURES.length * MAX_WINDOWS);
  });

  it('cannot be made to miss a payload by putting harmless uses of the same calls before it', () => {
    const set = new SignatureSet(BUILTIN_SIGNATURES);
    const decoys = Array.from(
      { length: 60 },
      (_, i) => `<script>document.write('<p>${i}</p>');</script>${' '.repeat(900)}`,
    );
    const page = `${decoys.join('\n')}<script>document.write('<script src="https://x.example/a.js"></scr'+'ipt>');</script>`;
    expect(set.scan(page, 'html').map((m) => m.signature.id)).toContain('inject.document-write-script');
  });
});
