import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales';
import { OPERATIONS } from './index';
import { jsonSchemaOf } from './json-schema';

const APP = join(__dirname, '../../app');
const API_ROOTS = ['api', 'yapi', 'dapi', 'resource-api'];

/** `src/app/api/user/login/route.ts` → `/api/user/login`; `[product]` and `[...params]` → `{product}`, `{params}`. */
function routePaths(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'route.ts') {
        // A catch-all `[...params]` is a parameter too, except the fallbacks that answer 404.
        const path = `/${relative(APP, dir)}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, '{$1}');
        if (!readFileSync(full, 'utf8').includes('unknownPaths()')) found.set(path, full);
      }
    }
  };
  for (const root of API_ROOTS) walk(join(APP, root));
  return found;
}

describe('the operation registry', () => {
  it('gives every operation a unique id, a summary in every language and an output schema', () => {
    const ids = OPERATIONS.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of OPERATIONS) {
      for (const locale of LOCALES) expect(op.summary[locale]?.trim(), `${op.id} ${locale}`).toBeTruthy();
      expect(op.output, op.id).toBeDefined();
      expect(op.methods.length, op.id).toBeGreaterThan(0);
    }
  });

  it('describes every answer: no output schema may accept anything', () => {
    const open = OPERATIONS.filter((op) => Object.keys(jsonSchemaOf(op.output, 'output')).length === 0);
    expect(open.map((op) => op.id)).toEqual([]);
  });

  it('declares every API route, and every declared operation has its route', () => {
    const routes = routePaths();
    const declared = new Set(OPERATIONS.map((op) => op.path));
    expect([...routes.keys()].filter((path) => !declared.has(path)).sort()).toEqual([]);
    expect([...declared].filter((path) => !routes.has(path)).sort()).toEqual([]);
  });

  it('keeps envelope routes to one line that serves the operation', () => {
    const routes = routePaths();
    for (const op of OPERATIONS.filter((o) => !o.raw)) {
      const file = routes.get(op.path);
      if (!file) continue;
      const code = readFileSync(file, 'utf8')
        .replace(/^import[^;]+;$/gm, '')
        .replace(/\/\*\*[\s\S]*?\*\//g, '')
        .trim();
      expect(code, op.path).toMatch(/^export const \{[\w, ]+\} = serve\([^;]+\);$/);
    }
  });
});
