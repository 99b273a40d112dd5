import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { env } from '../config/env';

const link = z.object({ name: z.string().min(1).max(100), url: z.string().min(1).max(500) });

const siteConfigSchema = z.object({
  site_name: z.string().min(1).max(100),
  site_url: z.string().max(500),
  chat_group_url: z.string().max(500),
  download_channels: z.array(link.extend({ key: z.string().min(1).max(40) })).max(20),
  partners: z.array(link).max(40),
  licenses: z.array(z.object({ slug: z.string().regex(/^[a-z0-9.-]+$/), name: z.string().max(60) })).max(20),
  contacts: z.record(z.string(), z.string().max(500)),
  promo_video: z.object({ src: z.string().max(500), poster: z.string().max(500), type: z.string().max(60) }),
});

/** The site dictionary of `GET /api/home/config`, used by the header, footer and home page. */
export type SiteConfig = z.infer<typeof siteConfigSchema> & { official_domains: string[] };

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
  const parsed = siteConfigSchema.safeParse(merged);
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
