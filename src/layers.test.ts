import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rule of ARCHITECTURE.md, enforced: pages (app) → features → server → contract. A layer
 * imports only the layers below it, so the server never depends on a component and the contract,
 * shared by browser and server, depends on nothing of ours.
 */
const SRC = path.join(import.meta.dirname);
const FORBIDDEN: Record<string, readonly string[]> = {
  contract: ['app', 'entry', 'features', 'i18n', 'server'],
  server: ['app', 'entry', 'features'],
  features: ['app', 'entry'],
  i18n: ['app', 'entry', 'features', 'server'],
};

const IMPORT = /(?:from|import)\s*\(?\s*'([^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level folder of src/ an import specifier lands in, or null for packages. */
function layerOf(specifier: string, fromFile: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2).split('/')[0] ?? null;
  if (!specifier.startsWith('.')) return null;
  const target = path.relative(SRC, path.resolve(path.dirname(fromFile), specifier));
  return target.startsWith('..') ? null : (target.split(path.sep)[0] ?? null);
}

function violations(layer: string): string[] {
  const forbidden = FORBIDDEN[layer] ?? [];
  const found: string[] = [];
  for (const file of sourceFiles(path.join(SRC, layer))) {
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = layerOf(specifier, file);
      if (target && forbidden.includes(target)) found.push(`${path.relative(SRC, file)} → ${specifier}`);
    }
  }
  return found;
}

describe('layers import only the layers below them', () => {
  it('reads both alias and relative imports', () => {
    expect(layerOf('@/features/common/Empty', path.join(SRC, 'server/x.ts'))).toBe('features');
    expect(layerOf('../../features/a', path.join(SRC, 'server/market/x.ts'))).toBe('features');
    expect(layerOf('./present', path.join(SRC, 'server/market/x.ts'))).toBe('server');
    expect(layerOf('zod', path.join(SRC, 'server/x.ts'))).toBeNull();
  });

  for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
    it(`src/${layer} imports none of ${forbidden.join(', ')}`, () => {
      expect(violations(layer)).toEqual([]);
    });
  }
});
