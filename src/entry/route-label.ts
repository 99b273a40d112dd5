import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../contract/locales';

/**
 * A bounded label for a request's route in the metrics: the pattern of the route that answered it
 * (`/market/plug/:id`, `/api/developer/file/*`), `/_next/*` and `/<public folder>/*` for static
 * files, and one label, `unmatched`, for everything else: whatever a client sends, the series stay
 * as many as the routes. A 404 and the catch-alls that exist only to answer one (`[...rest]`) count
 * as unmatched too, whatever they answer (a redirect, a 429).
 */
export type RouteLabel = (pathname: string, status: number) => string;

export const UNMATCHED = 'unmatched';

type Segment = { kind: 'static'; text: string } | { kind: 'one' } | { kind: 'many'; optional: boolean };
type Pattern = { segments: Segment[]; label: string; rank: number[]; localized: boolean };

const LOCALE = new Set<string>(LOCALES);
/** The catch-alls that hold no page of their own: a path they match found nothing. */
const UNKNOWN_PATHS = '[...rest]';

/**
 * Route patterns as Next writes them in app-path-routes-manifest.json (`/[locale]/market/plug/[id]`,
 * `/api/developer/file/[...key]`); static folders are the top-level names under public/.
 */
export function routeLabels(routes: Iterable<string>, publicNames: Iterable<string> = []): RouteLabel {
  const patterns = [...new Set(routes)].map(compile).sort((a, b) => compareRank(b.rank, a.rank));
  const statics = new Map([...publicNames].map((name) => [name, `/${name}`]));
  return (pathname, status) => {
    if (status === 404) return UNMATCHED;
    const parts = pathname.split('/').filter(Boolean);
    if (parts[0] === '_next') return '/_next/*';
    // A file under public/ is served before any route is tried (a 404 when there is none).
    const folder = statics.get(parts[0] ?? '');
    if (folder) return parts.length > 1 ? `${folder}/*` : folder;
    // Pages answer with a language prefix or without (the default language); nothing else does.
    const prefixed = LOCALE.has(parts[0] ?? '');
    const found = patterns.find((p) =>
      prefixed && p.localized ? matches(p.segments, parts.slice(1)) : matches(p.segments, parts),
    );
    return found?.label ?? UNMATCHED;
  };
}

function compile(route: string): Pattern {
  const localized = route.startsWith('/[locale]');
  const names = route.split('/').filter((s) => s && s !== '[locale]');
  const segments = names.map((name): Segment => {
    if (name.startsWith('[[...')) return { kind: 'many', optional: true };
    if (name.startsWith('[...')) return { kind: 'many', optional: false };
    if (name.startsWith('[')) return { kind: 'one' };
    return { kind: 'static', text: name };
  });
  const label = names.includes(UNKNOWN_PATHS)
    ? UNMATCHED
    : `/${names.map((n) => (n.startsWith('[...') || n.startsWith('[[...') ? '*' : n.replace(/^\[(.+)\]$/, ':$1'))).join('/')}`;
  // Next prefers a static segment to a dynamic one, and either to a catch-all, left to right.
  const rank = segments.map((s) => (s.kind === 'static' ? 3 : s.kind === 'one' ? 2 : 1));
  return { segments, label, rank, localized };
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function matches(segments: Segment[], parts: string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.kind === 'many') return s.optional || parts.length > i;
    if (i >= parts.length) return false;
    if (s.kind === 'static' && s.text !== parts[i]) return false;
  }
  return parts.length === segments.length;
}

/**
 * The labels of a built portal: the routes `next build` listed in its output folder and the names
 * under public/. Without a build's list every path but static files counts as unmatched.
 */
export function builtRouteLabels(distDir: string, publicDir = 'public'): RouteLabel {
  let routes: string[] = [];
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'app-path-routes-manifest.json'), 'utf8'));
    routes = Object.values(manifest as Record<string, string>);
  } catch {
    // No build here (a test, a development server): the labels below still hold.
  }
  let names: string[] = [];
  try {
    names = fs.readdirSync(publicDir);
  } catch {
    // No public folder.
  }
  return routeLabels(routes, names);
}
