import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { type SiteConfig, siteConfigFileSchema } from '@/contract/content';
import { env } from '../config/env';

let cached: SiteConfig | undefined;

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * content/site.json, with the top-level keys of `file` laid over it: operators change links,
 * partners and contacts by configuration, not code. A bad file stops with the file named.
 */
export function readSiteConfig(file?: string): SiteConfig {
  const base = readJson(path.join(process.cwd(), 'content', 'site.json'));
  let merged = base;
  try {
    if (file) merged = { ...base, ...readJson(path.resolve(file)) };
  } catch (error) {
    throw new Error(`Invalid site configuration (${file}): ${(error as Error).message}`);
  }
  const parsed = siteConfigFileSchema.safeParse(merged);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid site configuration (${file ?? 'content/site.json'}): ${where}`);
  }
  // The official domains have one source, OFFICIAL_DOMAINS, shared with the authenticity check.
  return { ...parsed.data, official_domains: env().OFFICIAL_DOMAINS };
}

/** The site dictionary as configured (SITE_CONFIG_FILE), read once per process. */
export function siteConfig(): SiteConfig {
  cached ??= readSiteConfig(env().SITE_CONFIG_FILE);
  return cached;
}
