import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { env } from '../../config/env';
import { type KnownIndex, type KnownLibrary, type KnownStore, knownIndex } from './known-files';

const storeSchema = z.object({
  libraries: z.array(
    z.object({
      library: z.string().min(1).max(100),
      version: z.string().min(1).max(60),
      files: z.array(
        z.object({
          path: z.string().max(1000),
          sha256: z.string().regex(/^[0-9a-f]{64}$/),
          lines: z.string().optional(),
        }),
      ),
    }),
  ),
});

// The index sits under DATA_DIR (or MARKET_KNOWN_FILE), never in the build: `turbopackIgnore` keeps
// the bundler from tracing the whole project for these file calls.

/** Where the index of known releases is kept (one JSON file: every node of a deployment reads the same). */
export const knownStorePath = () => {
  const e = env();
  return e.MARKET_KNOWN_FILE ?? path.join(e.DATA_DIR, 'known-releases.json');
};

let cached: { file: string; mtime: number; store: KnownStore } | undefined;

/**
 * The stored releases, read again when the file changes (the same object until then); undefined
 * when nothing was imported. A file that does not parse stops with its name (a scan must not
 * quietly lose it).
 */
export function loadKnownStore(file = knownStorePath()): KnownStore | undefined {
  let mtime: number;
  try {
    mtime = fs.statSync(/* turbopackIgnore: true */ file).mtimeMs;
  } catch {
    return undefined;
  }
  if (cached?.file === file && cached.mtime === mtime) return cached.store;
  const parsed = storeSchema.safeParse(JSON.parse(fs.readFileSync(/* turbopackIgnore: true */ file, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid known-release index ${file}`);
  cached = { file, mtime, store: parsed.data };
  return cached.store;
}

let built: { store: KnownStore | undefined; official: KnownLibrary[]; index: KnownIndex } | undefined;

/**
 * The index as the scan uses it: the stored library releases and the CMS's own (`official`, from
 * the portal's release packages), built again only when either changes; undefined when there is
 * neither.
 */
export function loadKnownIndex(
  file = knownStorePath(),
  official: KnownLibrary[] = [],
): KnownIndex | undefined {
  const store = loadKnownStore(file);
  if (!store && official.length === 0) return undefined;
  if (!built || built.store !== store || built.official !== official)
    built = { store, official, index: knownIndex({ libraries: [...(store?.libraries ?? []), ...official] }) };
  return built.index;
}

/** Adds a release to the stored index (replacing the same library and version), written whole then renamed. */
export function saveKnownRelease(lib: KnownLibrary, file = knownStorePath()): KnownStore {
  let store: KnownStore = { libraries: [] };
  if (fs.existsSync(/* turbopackIgnore: true */ file)) {
    const parsed = storeSchema.safeParse(
      JSON.parse(fs.readFileSync(/* turbopackIgnore: true */ file, 'utf8')),
    );
    if (!parsed.success) throw new Error(`Invalid known-release index ${file}`);
    store = parsed.data;
  }
  store.libraries = store.libraries.filter((l) => l.library !== lib.library || l.version !== lib.version);
  store.libraries.push(lib);
  fs.mkdirSync(/* turbopackIgnore: true */ path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(/* turbopackIgnore: true */ tmp, JSON.stringify(store));
  fs.renameSync(/* turbopackIgnore: true */ tmp, file);
  return store;
}
