import 'server-only';
/**
 * What a limit cut short: a page or script over its size cap (read up to the cap), profiles or
 * fetches the time budget ended, scripts and frames over the fetch cap, code too large to read,
 * a difference between profiles that could not be fetched again to confirm, or browser visits
 * the time, the request cap or a busy browser cut short. A check with
 * any of these and no finding is "partially checked", never clean.
 */
export type Cut = {
  what: 'page' | 'script' | 'time' | 'assets' | 'analysis' | 'confirm' | 'browser';
  url: string;
  detail: string;
  profiles: string[];
};

export class Cuts {
  private readonly byKey = new Map<string, Cut>();

  add(cut: Omit<Cut, 'profiles'> & { profile?: string }) {
    const key = `${cut.what}|${cut.url}`;
    const had = this.byKey.get(key);
    const profiles = cut.profile ? [cut.profile] : [];
    if (had) {
      for (const p of profiles) if (!had.profiles.includes(p)) had.profiles.push(p);
      return;
    }
    this.byKey.set(key, { what: cut.what, url: cut.url, detail: cut.detail, profiles });
  }

  list(): Cut[] {
    return [...this.byKey.values()];
  }
}
