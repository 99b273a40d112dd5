import { describe, expect, it, vi } from 'vitest';
import { hostilePlugin, typicalPlugin } from '../../../../tests/fixtures/packages/large';
import { corpusZip, loadCorpus } from '../../../../tests/fixtures/webshells/corpus';
import { checkPackageOffLoop } from './check-off-loop';
import { checkPackage } from './package';

const corpus = loadCorpus();
const shape = corpus.find((i) => i.held && i.id === '03-system-get')!;
const twin = corpus.find((i) => !i.held && i.id === '03-system-get')!;
// Read with the injected-code check's reader, which the thread loads too.
const theme = corpus.find((i) => i.held && i.id === '195-theme-search-redirect')!;

describe('the package check on its own thread', () => {
  it('answers exactly what the check answers in process, held, clean or refused', async () => {
    const packages: [Uint8Array, 'plugin' | 'theme'][] = [
      [corpusZip(shape), shape.kind],
      [corpusZip(twin), twin.kind],
      [corpusZip(theme), theme.kind],
      [new TextEncoder().encode('not a zip'), 'plugin'],
    ];
    for (const [zip, kind] of packages) {
      const here = checkPackage(zip, 'demo.zip', kind);
      const there = await checkPackageOffLoop(zip, 'demo.zip', kind);
      expect(there.report).toEqual(here.report);
      if (zip === packages[2]?.[0]) expect(there.report.held).toBe(true);
      expect(Buffer.from(there.bytes).equals(Buffer.from(here.bytes))).toBe(true);
    }
  });

  it('keeps the event loop turning while the largest package is scanned', async () => {
    const zip = hostilePlugin();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const checked = await checkPackageOffLoop(zip, 'demo.zip', 'plugin').finally(() => clearInterval(timer));
    // Scanned in process, this package holds the loop for about two seconds and no tick would fire.
    expect(checked.report.held).toBe(true);
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('gives each of several uploads at once its own answer', async () => {
    const [held, clean, typical] = await Promise.all([
      checkPackageOffLoop(corpusZip(shape), 'a.zip', shape.kind),
      checkPackageOffLoop(corpusZip(twin), 'b.zip', twin.kind),
      checkPackageOffLoop(typicalPlugin(3), 'c.zip', 'plugin'),
    ]);
    expect(held.report.checks.map((c) => c.key)).toContain('scan.commandInput');
    expect([held.report.held, clean.report.held, typical.report.held]).toEqual([true, false, false]);
    expect(typical.report.folder).toBe('demo');
  });

  it('ends a thread silent for a minute, fails what it held, and starts afresh for the next upload', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stuck = checkPackageOffLoop(hostilePlugin(), 'demo.zip', 'plugin');
      const failed = expect(stuck).rejects.toThrow(/exited/);
      vi.advanceTimersByTime(60_000);
      await failed;
    } finally {
      vi.useRealTimers();
    }
    const next = await checkPackageOffLoop(corpusZip(twin), 'demo.zip', twin.kind);
    expect(next.report.held).toBe(false);
  });
});
