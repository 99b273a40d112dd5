import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of ARCHITECTURE.md, enforced: pages (app) → features → server → contract. A layer
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

/** The file an import of ours lands on (the module's .ts, .tsx or index.ts), or null for packages. */
function targetOf(specifier: string, fromFile: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(fromFile), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const SERVER = path.join(SRC, 'server');

/** A file's place in src/server without its extension (`db/client`, `log`), or null outside it. */
function serverPath(file: string): string | null {
  const relative = path.relative(SERVER, file);
  if (relative.startsWith('..')) return null;
  return relative
    .split(path.sep)
    .join('/')
    .replace(/(\/index)?\.tsx?$/, '');
}

/** Whether a server path is the part `part` or inside it (`db` holds `db/client`, not `dbx`). */
const within = (where: string, part: string) => where === part || where.startsWith(`${part}/`);

function serverImports(): { from: string; to: string }[] {
  return sourceFiles(SERVER)
    .filter((file) => !file.endsWith('.test.ts'))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap(([, specifier = '']) => {
        const target = targetOf(specifier, file);
        const to = target && serverPath(target);
        return to ? [{ from: serverPath(file) ?? '', to }] : [];
      }),
    );
}

/**
 * Inside src/server, the parts every area stands on import only what lies below them. The API core
 * (`http`) serves every area, so no area's code: who calls (sessions, the user row, the admin rule)
 * is `identity`, which accounts builds on too. The database and the logger open before any area.
 */
const SERVER_MAY_IMPORT: Record<string, readonly string[]> = {
  config: [],
  errors: [],
  log: ['config'],
  db: ['config', 'log'],
  identity: ['cache', 'config', 'db'],
  http: ['config', 'db', 'errors', 'identity', 'log', 'ops/outage'],
};

/**
 * Modules with a public face: code outside the folder imports the folder (its index.ts), never a
 * file in it, and the module imports nothing of the code that uses it.
 */
const PUBLIC_FACES: Record<string, readonly string[]> = {
  'domain/web-code': ['domain/inject', 'domain/version', 'market'],
};

describe('src/server parts import only the parts below them', () => {
  const imports = serverImports();

  it('reads server imports, relative and by alias', () => {
    expect(imports).toContainEqual({ from: 'http/context', to: 'identity/sessions' });
    expect(imports).toContainEqual({ from: 'market/validate/page-code', to: 'domain/web-code' });
    expect(within('db/client', 'db')).toBe(true);
    expect(within('dbx/client', 'db')).toBe(false);
  });

  for (const [part, allowed] of Object.entries(SERVER_MAY_IMPORT)) {
    it(`src/server/${part} imports only ${allowed.join(', ') || 'itself'}`, () => {
      const found = imports.filter(
        ({ from, to }) =>
          within(from, part) && !within(to, part) && !allowed.some((below) => within(to, below)),
      );
      expect(found).toEqual([]);
    });
  }

  for (const [face, users] of Object.entries(PUBLIC_FACES)) {
    it(`src/server/${face} is imported through its index.ts only`, () => {
      const found = imports.filter(({ from, to }) => !within(from, face) && within(to, face) && to !== face);
      expect(found).toEqual([]);
    });

    it(`src/server/${face} imports none of ${users.join(', ')}`, () => {
      const found = imports.filter(
        ({ from, to }) => within(from, face) && users.some((user) => within(to, user)),
      );
      expect(found).toEqual([]);
    });
  }
});

const ROOT = path.join(SRC, '..');

/**
 * Where code of ours loads outside React's server build, in which `server-only` throws on import:
 * these files, and every file they import (statically), must not import it. Every other file under
 * src/server must, so that a client component importing one fails the build instead of shipping it.
 */
const OUTSIDE_REACT_SERVER: readonly { root: string; why: string }[] = [
  {
    root: 'src/entry/server.ts',
    why: 'our HTTP server, compiled by tsc and run by plain Node (npm run serve)',
  },
  { root: 'src/proxy.ts', why: "Next's proxy, built outside the React server layer" },
  { root: 'src/instrumentation.ts', why: "Next's instrumentation: its static imports load in every runtime" },
  { root: 'src/server/db/schema', why: 'drizzle-kit reads the schema (drizzle.config.ts)' },
  { root: 'bench/run.ts', why: 'npm run bench: tsx without the react-server condition' },
  { root: 'tests/e2e', why: "Playwright's test runner, plain Node" },
  { root: 'playwright.config.ts', why: "Playwright's test runner, plain Node" },
];

/** Imports that load a module when the file loads: not `import type`, not `import()`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?'([^']+)'/gm;
const SERVER_ONLY = /^import 'server-only';$/m;

function loadedOutsideReactServer(): Set<string> {
  const seen = new Set<string>();
  const pending = OUTSIDE_REACT_SERVER.flatMap(({ root }) => {
    const full = path.join(ROOT, root);
    return statSync(full).isDirectory() ? sourceFiles(full) : [full];
  });
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = targetOf(specifier, file);
      if (target && /\.tsx?$/.test(target)) pending.push(target);
    }
  }
  return seen;
}

describe("src/server imports 'server-only' wherever it can", () => {
  const outside = loadedOutsideReactServer();
  const server = sourceFiles(SERVER).filter((file) => !file.endsWith('.test.ts'));
  const named = (files: string[]) => files.map((file) => path.relative(ROOT, file)).sort();

  it('follows imports from the places that load code outside React’s server build', () => {
    expect(outside).toContain(path.join(SERVER, 'config', 'env.ts')); // the entry reads the environment
    expect(outside).toContain(path.join(SERVER, 'db', 'schema', 'core.ts'));
    expect(outside).not.toContain(path.join(SERVER, 'accounts', 'register.ts'));
  });

  it('every other server file imports it', () => {
    expect(
      named(server.filter((file) => !outside.has(file) && !SERVER_ONLY.test(readFileSync(file, 'utf8')))),
    ).toEqual([]);
  });

  it('no file loaded outside it imports it (it would throw there)', () => {
    expect(
      named(server.filter((file) => outside.has(file) && SERVER_ONLY.test(readFileSync(file, 'utf8')))),
    ).toEqual([]);
  });
});
