/**
 * The evaluation on payloads made by real obfuscators (tests/fixtures/inject-eval/obfuscated.ts):
 * serves the sites and the second host their pages load scripts from, checks each site through
 * the API as a visitor would, and sums the answers up per obfuscator.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as checkInject } from '@/app/dapi/[product]/check_site_inject/route';
import type { InjectInfo } from '@/contract/domain';
import { type ObfuscatedSite, obfuscatedSites } from '../fixtures/inject-eval/obfuscated';
import { callApi } from './api';
import { withProduct } from './domain';
import { startEvalSites } from './eval-sites';

export type ObfuscatedOutcome = {
  site: ObfuscatedSite;
  info: InjectInfo;
  /** Said injected, with a finding that shows the decoded address. */
  found: boolean;
  /** Said injected (for an honest twin: a false alarm). */
  flagged: boolean;
  /** The profiles of the finding that shows the address. */
  profiles: string[];
};

export type ObfuscatedEval = {
  sites: ObfuscatedSite[];
  check: (site: ObfuscatedSite) => Promise<ObfuscatedOutcome>;
  close: () => Promise<void>;
};

/** The sites on 127.0.0.1 (one port each), their second host on 127.0.0.2. */
export async function startObfuscatedEval(pick?: (all: ObfuscatedSite[]) => ObfuscatedSite[]) {
  const scripts = new Map<string, string>();
  const second = http.createServer((req, res) => {
    const body = scripts.get((req.url ?? '/').split('?')[0]!.slice(1));
    res.writeHead(body === undefined ? 404 : 200, {
      'content-type': 'application/javascript; charset=utf-8',
    });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => second.listen(0, '127.0.0.2', resolve));
  const all = await obfuscatedSites(`http://127.0.0.2:${(second.address() as AddressInfo).port}/`);
  const sites = pick ? pick(all) : all;
  for (const s of sites) if (s.secondScript) scripts.set(`${s.name}.js`, s.secondScript);
  const servers = await startEvalSites(sites);
  const check = async (site: ObfuscatedSite): Promise<ObfuscatedOutcome> => {
    const res = await callApi<InjectInfo>(withProduct(checkInject, 'maccmspro'), {
      json: { domain: servers.url(site.name) },
      lang: 'en-us',
    });
    if (res.code !== 1) throw new Error(`${site.name}: ${res.msg}`);
    const shown = site.evidence
      ? res.info.findings.filter((f) => JSON.stringify(f).includes(site.evidence!))
      : [];
    return {
      site,
      info: res.info,
      flagged: res.info.injected,
      found: res.info.injected && shown.length > 0,
      profiles: [...new Set(shown.flatMap((f) => f.profile.split(', ')))],
    };
  };
  const close = async () => {
    await servers.close();
    await new Promise((r) => second.close(r));
  };
  return { sites, check, close } satisfies ObfuscatedEval;
}

/** One line per obfuscator: injected sites found (with the address shown), honest twins flagged. */
export function perObfuscator(outcomes: ObfuscatedOutcome[]): string[] {
  const names = [...new Set(outcomes.map((o) => o.site.obfuscator))];
  return names.map((name) => {
    const mine = outcomes.filter((o) => o.site.obfuscator === name);
    const injected = mine.filter((o) => o.site.expect === 'injected');
    const honest = mine.filter((o) => o.site.expect === 'clean');
    const missed = injected.filter((o) => !o.found).map((o) => o.site.payload.name);
    const flagged = honest.filter((o) => o.flagged).map((o) => o.site.payload.name);
    return `${name.padEnd(20)} found ${injected.length - missed.length}/${injected.length}  flagged ${flagged.length}/${honest.length}${missed.length ? `  missed: ${missed.join(', ')}` : ''}${flagged.length ? `  flagged: ${flagged.join(', ')}` : ''}`;
  });
}
