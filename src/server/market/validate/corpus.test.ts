import { describe, expect, it } from 'vitest';
import { corpusZip, loadCorpus } from '../../../../tests/fixtures/webshells/corpus';
import { validatePackage } from './package';

const corpus = loadCorpus();
const report = (item: (typeof corpus)[number]) => validatePackage(corpusZip(item), 'demo.zip', item.kind);
const stops = <T extends { level: string }>(checks: T[]) =>
  checks.filter((c) => c.level === 'hold' || c.level === 'fail');

describe('the webshell corpus (tests/fixtures/webshells)', () => {
  it('has at least 40 shapes, each with a clean look-alike', () => {
    const held = corpus.filter((i) => i.held).map((i) => i.id);
    const clean = new Set(corpus.filter((i) => !i.held).map((i) => i.id));
    expect(held.length).toBeGreaterThanOrEqual(40);
    expect(held.filter((id) => !clean.has(id))).toEqual([]);
    expect(corpus.filter((i) => i.held && i.expect.length === 0).map((i) => i.id)).toEqual([]);
  });

  it.each(corpus.filter((i) => i.held).map((i) => [i.id, i] as const))(
    'holds %s for the expected reason, with evidence',
    (_id, item) => {
      const r = report(item);
      expect(r.ok).toBe(true);
      expect(r.held).toBe(true);
      const keys = stops(r.checks).map((c) => c.key.split('.').pop());
      for (const key of item.expect) expect(keys).toContain(key);
      for (const c of r.checks.filter((x) => x.key.startsWith('scan.'))) {
        expect(c.params).toMatchObject({ file: expect.stringMatching(/\S/), line: expect.any(Number) });
        expect(String(c.params?.snippet ?? '').length).toBeLessThanOrEqual(162);
      }
    },
  );

  it.each(corpus.filter((i) => !i.held).map((i) => [i.id, i] as const))(
    'lets the clean %s through',
    (_id, item) => {
      const r = report(item);
      expect(stops(r.checks)).toEqual([]);
      expect(r.held).toBe(false);
    },
  );

  it('points at the line and shows it', () => {
    const item = corpus.find((i) => i.held && i.id === '03-system-get');
    const hold = report(item!).checks.find((c) => c.key === 'scan.commandInput');
    expect(hold?.params).toEqual({
      file: 'tool.php',
      line: 4,
      snippet: "system($_GET['cmd']);",
      fn: 'system',
      src: '$_GET',
    });
  });

  it('points a shape split over two files at the line that runs it, and names the other file', () => {
    const item = corpus.find((i) => i.held && i.id === '154-session-split');
    const hold = report(item!).checks.find((c) => c.key === 'scan.evalInput');
    expect(hold?.params).toEqual({
      file: 'run.php',
      line: 3,
      snippet: "@assert($_SESSION['lang'] ?? '1');",
      fn: 'assert',
      src: '$_POST',
      via: 'set.php',
    });
  });
});
