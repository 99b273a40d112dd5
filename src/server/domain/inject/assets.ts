import 'server-only';
import type { Profile } from '../web-code';

export type AssetKind = 'script' | 'iframe';
export type AssetJob = { url: string; kind: AssetKind; profile: Profile; referer: string; depth: number };

type Loader = { profile: Profile; referer: string };
type Entry = {
  url: string;
  kind: AssetKind;
  depth: number;
  /** Lower goes first: the CMS's own scripts, then what pages load, then what those load. */
  rank: number;
  loaders: Loader[];
  fetchedAs: Set<string>;
};

/** Files that are not code: loading them from a bad host still counts, fetching them tells nothing. */
const NOT_CODE =
  /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|css|woff2?|ttf|eot|mp4|m3u8|ts|flv|mp3)(?:[?#]|$)/i;

/**
 * Which scripts and frames one scan fetches, and as whom, within one budget. Each asset is
 * fetched first as the first visitor that loaded it; the budget left then goes to fetching it as
 * the other kinds of visitor that loaded it (desktop, mobile, spider), since a host can cloak a
 * script exactly as it cloaks a page. Loads found inside fetched assets go one level deeper.
 */
export class AssetPlan {
  private readonly entries = new Map<string, Entry>();
  private spent = 0;

  constructor(
    private readonly budget: number,
    private readonly maxDepth = 2,
  ) {}

  /** `own`: one of the CMS's own static scripts, fetched before anything a page can crowd in. */
  add(url: string, kind: AssetKind, depth: number, loader: Loader, own = false) {
    if (depth > this.maxDepth || NOT_CODE.test(new URL(url).pathname)) return;
    let entry = this.entries.get(url);
    if (!entry) {
      entry = { url, kind, depth, rank: own ? 0 : depth, loaders: [], fetchedAs: new Set() };
      this.entries.set(url, entry);
    }
    if (own) entry.rank = 0;
    if (!entry.loaders.some((l) => l.profile.group === loader.profile.group)) entry.loaders.push(loader);
  }

  /** The next wave of fetches: assets never fetched first, then other kinds of visitor. */
  take(): AssetJob[] {
    const jobs: AssetJob[] = [];
    const push = (entry: Entry, loader: Loader) => {
      if (this.spent >= this.budget || entry.fetchedAs.has(loader.profile.group)) return;
      this.spent++;
      entry.fetchedAs.add(loader.profile.group);
      jobs.push({ url: entry.url, kind: entry.kind, depth: entry.depth, ...loader });
    };
    const entries = [...this.entries.values()].sort((a, b) => a.rank - b.rank);
    for (const entry of entries) if (entry.fetchedAs.size === 0) push(entry, entry.loaders[0]!);
    for (const entry of entries) for (const loader of entry.loaders) push(entry, loader);
    return jobs;
  }

  /** Scripts and frames found but never fetched (the fetch cap or the time ran out first). */
  get unfetched() {
    return [...this.entries.values()].filter((e) => e.fetchedAs.size === 0).length;
  }

  /** How many distinct scripts and frames were fetched. */
  get fetchedCount() {
    return [...this.entries.values()].filter((e) => e.fetchedAs.size > 0).length;
  }

  get fetches() {
    return this.spent;
  }
}
