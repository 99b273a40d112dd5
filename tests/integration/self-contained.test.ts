import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Everything the code and tests rely on lives in the repository: a reader of a clone can open every
 * document a file names. A tracker's issue number or a section of a document kept elsewhere means
 * nothing to that reader, so comments say the reason itself (or name a file of the repository).
 * Every tracked text file is read; CI runs in a clone with nothing beside it (`.ci/in-empty-clone`),
 * where a path outside the repository would not resolve anyway.
 */
const THIS = path.join('tests', 'integration', 'self-contained.test.ts'); // names the patterns

const OUTSIDE = [
  { what: 'an issue number', pattern: /\b[Ii]ssues? #?\d/ },
  { what: 'a section of an outside document', pattern: /§/ },
  {
    what: 'a file beside the checkout',
    pattern:
      /\bshared\/spec\b|\.\.\/shared\/|client-contract\.md|portal-spec\.md|domain-detection-notes\.md|market-notes\.md|style-notes\.md/,
  },
  // An absolute path of one machine: the folder the project was written in, or someone's home.
  // (`/root/` is not one: the blog's shell examples rightly write backups there.)
  {
    what: 'a path of the machine it was written on',
    pattern: /(?:^|[\s'"`(=:])\/(?:work|home\/[\w.-]+|Users\/[\w.-]+)\//,
  },
];

/** The tracked files of the checkout that are text (a binary holds a NUL byte). */
function trackedText(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && existsSync(file) && !readFileSync(file).includes(0));
}

describe('the repository names nothing outside itself', () => {
  const all = trackedText();

  it('reads the files it checks', () => {
    expect(all).toContain(path.join('src', 'contract', 'api', 'market-contract.test.ts'));
    expect(all).toContain(path.join('docs', 'cms-contract.md'));
    expect(all).toContain(path.join('.ci', 'run'));
    expect(all).toContain('package.json');
    expect(all).not.toContain(path.join('content', 'demo-media', 'feedback', 'screenshot-1.png'));
  });

  it.each(OUTSIDE)('no file names $what', ({ pattern }) => {
    const found = all.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          pattern.test(line) && file !== THIS ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
