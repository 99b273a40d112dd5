import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';

/**
 * Real, clean PHP code: Debian's packages of widely bundled libraries, fetched with `apt-get
 * download` (cached in the git-ignored `.cache/debian-php/`) and unpacked with `dpkg-deb -x`.
 * Each release is its files under `usr/share/` (code, docs and examples), symlinks left out.
 */
export type RealRelease = { name: string; version: string; files: { path: string; bytes: Uint8Array }[] };

/** The releases of the real clean corpus (Debian package names). */
export const DEBIAN_PHP = [
  'php-twig',
  'smarty3',
  'smarty4',
  'php-phpseclib',
  'php-phpseclib3',
  'composer',
  'php-guzzlehttp-guzzle',
  'php-guzzlehttp-psr7',
  'libphp-phpmailer',
  'php-symfony-process',
  'php-symfony-console',
  'php-symfony-var-dumper',
  'php-symfony-yaml',
  'php-monolog',
  'php-htmlpurifier',
  'php-dompdf',
  'php-league-commonmark',
  'php-league-flysystem',
  'php-nikic-fast-route',
  'php-phpmyadmin-sql-parser',
  'php-ramsey-uuid',
  'php-predis',
  'php-parsedown',
  'php-slim',
  'php-swiftmailer',
  'libphp-adodb',
  'php-getid3',
  'php-tcpdf',
];

const CACHE = path.join(import.meta.dirname, '../../.cache/debian-php');

/** The `.deb` of a package, downloaded once. */
function debOf(pkg: string): string {
  fs.mkdirSync(CACHE, { recursive: true });
  const cached = fs.readdirSync(CACHE).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (cached) return path.join(CACHE, cached);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'debian-php-'));
  try {
    execFileSync('apt-get', ['download', pkg], { cwd: tmp, stdio: 'pipe', timeout: 120_000 });
    const got = fs.readdirSync(tmp).find((f) => f.endsWith('.deb'));
    if (!got) throw new Error(`apt-get download ${pkg} gave no package`);
    fs.renameSync(path.join(tmp, got), path.join(CACHE, got));
    return path.join(CACHE, got);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function debianRelease(pkg: string): RealRelease {
  const deb = debOf(pkg);
  const version = path.basename(deb).split('_')[1]!.replace(/%3a/gi, ':');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'debian-php-x-'));
  try {
    execFileSync('dpkg-deb', ['-x', deb, tmp], { stdio: 'pipe' });
    const files: RealRelease['files'] = [];
    const walk = (dir: string, rel: string) => {
      for (const e of fs
        .readdirSync(dir, { withFileTypes: true })
        .sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full, `${rel}${e.name}/`);
        else if (e.isFile())
          files.push({ path: `${rel}${e.name}`, bytes: new Uint8Array(fs.readFileSync(full)) });
      }
    };
    walk(path.join(tmp, 'usr/share'), '');
    return { name: pkg, version, files };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const enc = (s: string) => new TextEncoder().encode(s);

/** A release placed in a plugin as `vendor/<package>/…`, the way plugins bundle libraries; `change` edits a file. */
export function releasePlugin(
  release: RealRelease,
  change?: (path: string, bytes: Uint8Array) => Uint8Array,
) {
  const files: Record<string, Uint8Array> = {
    'Demo.php': enc('<?php\nclass Demo { public function run() { return 1; } }\n'),
    'info.ini': enc('name=demo\n'),
  };
  for (const f of release.files)
    files[`vendor/${release.name}/${f.path}`] = change ? change(f.path, f.bytes) : f.bytes;
  return zipSync(files);
}
