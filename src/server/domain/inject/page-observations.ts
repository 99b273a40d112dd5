import 'server-only';
import {
  type FetchOutcome,
  type LoadHow,
  type Observation,
  type Profile,
  plainLoad,
  type ReadDoc,
  type Source,
} from '../web-code';
import type { Cuts } from './coverage';

/** One profile's visit to the page: what it got and, when it got a page, the page read. */
export type PageView = { profile: Profile; outcome: FetchOutcome; read: ReadDoc | null };

/** The page's loads, its HTTP redirects and a Refresh header, as one profile got them. */
export function pageObservations(view: PageView, url: string, cuts: Cuts): Observation[] {
  const { outcome, profile } = view;
  if (!outcome.ok && outcome.error === 'timeout')
    cuts.add({ what: 'time', url, detail: '', profile: profile.name });
  const hops = outcome.ok ? outcome.page.redirects : outcome.hops;
  const fetched = outcome.ok ? outcome.page : null;
  const source: Source = {
    url: fetched?.finalUrl ?? url,
    profile,
    text: fetched?.text ?? '',
    requestHeaders: fetched?.requestHeaders ?? profile.headers,
    responseHeaders: fetched?.headers ?? {},
    scope: 'page',
    cmsFile: null,
    added: [],
    idioms: view.read?.idioms ?? [],
  };
  const nav = (to: string, how: LoadHow, evidence: string): Observation => ({
    source,
    load: plainLoad({ url: to, kind: 'navigate', how, evidence }),
  });
  const out: Observation[] = [];
  for (const hop of hops) {
    try {
      const to = new URL(hop.location ?? '', hop.url).href;
      out.push(nav(to, `http-${hop.status}`, `HTTP ${hop.status} ${hop.url}\nLocation: ${hop.location}`));
    } catch {
      // a Location that is no address goes nowhere
    }
  }
  const refresh = /url\s*=\s*['"]?([^'"\s]+)/i.exec(fetched?.headers.refresh ?? '')?.[1];
  if (refresh && fetched) {
    try {
      out.push(
        nav(new URL(refresh, fetched.finalUrl).href, 'refresh-header', `Refresh: ${fetched.headers.refresh}`),
      );
    } catch {
      // not an address
    }
  }
  for (const load of view.read?.doc.loads ?? []) out.push({ source, load });
  return out;
}
