import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Everything the code and tests rely on lives in the repository: a reader of a clone can open every
 * document a file names. A tracker's issue number or a section of a document kept elsewhere means
 * nothing to that reader, so comments say the reason itself (or name a file of the repository).
 */
const ROOTS = ['src', 'tests', 'scripts', 'bench', 'deploy', 'docs', '.ci', 'README.md', 'ARCHITECTURE.md'];
const THIS = path.join('tests', 'integration', 'self-contained.test.ts'); // names the patterns
const TEXT = /\.(ts|tsx|css|md|sh|conf|json)$|^run$/;

const OUTSIDE = [
  { what: 'an issue number', pattern: /\b[Ii]ssues? #?\d/ },
  { what: 'a section of an outside document', pattern: /§/ },
  {
    what: 'a file beside the checkout',
    pattern:
      /\bshared\/spec\b|\.\.\/shared\/|client-contract\.md|portal-spec\.md|domain-detection-notes\.md|market-notes\.md|style-notes\.md/,
  },
];

function files(entry: string): string[] {
  if (statSync(entry).isFile()) return TEXT.test(path.basename(entry)) ? [entry] : [];
  return readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

describe('the repository names nothing outside itself', () => {
  const all = ROOTS.flatMap(files);

  it('reads the files it checks', () => {
    expect(all).toContain(path.join('src', 'contract', 'api', 'market-contract.test.ts'));
    expect(all).toContain(path.join('docs', 'cms-contract.md'));
    expect(all).toContain(path.join('.ci', 'run'));
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
