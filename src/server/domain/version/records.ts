import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { VulnRecord } from '@/contract/domain-version';
import { env } from '../../config/env';
import SEED from './vulns.json';

const recordSchema = z
  .object({
    id: z.string().min(1).max(80),
    aliases: z.array(z.string().max(80)).max(20),
    summary: z.object({ 'zh-cn': z.string().max(500), 'en-us': z.string().max(500) }),
    severity: z.enum(['critical', 'high', 'medium', 'low']),
    line: z.enum(['v8', 'v10']),
    introduced: z.string().regex(/^\d+(\.\d+)*$/),
    fixed: z
      .string()
      .regex(/^\d+(\.\d+)*$/)
      .nullable(),
    last_affected: z
      .string()
      .regex(/^\d+(\.\d+)*$/)
      .nullable(),
    references: z.array(z.string().max(500)).max(20),
    files: z.record(z.string().regex(/^\/[\w./-]+$/), z.array(z.string().regex(/^[0-9a-f]{64}$/))).optional(),
    /** What a site owner can do while no fixed version exists (required when `fixed` is null). */
    mitigation: z
      .object({ 'zh-cn': z.string().min(1).max(1000), 'en-us': z.string().min(1).max(1000) })
      .optional(),
  })
  // The check's advice comes from these: a record says where it is fixed, or what to do until it is.
  .refine((r) => r.fixed !== null || r.files !== undefined || r.mitigation !== undefined, {
    path: ['mitigation'],
    message: 'a record without "fixed" needs a "mitigation"',
  });
const fileSchema = z.array(recordSchema).max(5000);

/** Build-stamp → hash fingerprints: `{ "/static/js/home.js": { "<sha256>": ["2025.1000.4047", ...] } }`. */
export const fingerprintSchema = z.record(z.string(), z.record(z.string(), z.array(z.string())));

let cached: { vulns: VulnRecord[]; fingerprints: z.infer<typeof fingerprintSchema> } | undefined;

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as unknown;

/**
 * The vulnerability records (seeded from public records, OSV-style) with DOMAIN_VULN_FILE's
 * records laid over them by id, and DOMAIN_FINGERPRINT_FILE's file hashes: operators update
 * both by editing JSON, without a code change. A bad file stops with its name.
 */
export function versionData() {
  if (cached) return cached;
  const e = env();
  const byId = new Map(fileSchema.parse(SEED).map((r) => [r.id, r]));
  if (e.DOMAIN_VULN_FILE) {
    const parsed = fileSchema.safeParse(readJson(e.DOMAIN_VULN_FILE));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? ` (record ${issue.path.join('.')}: ${issue.message})` : '';
      throw new Error(`Invalid DOMAIN_VULN_FILE ${e.DOMAIN_VULN_FILE}${where}`);
    }
    for (const r of parsed.data) byId.set(r.id, r);
  }
  let fingerprints = {};
  if (e.DOMAIN_FINGERPRINT_FILE) {
    const parsed = fingerprintSchema.safeParse(readJson(e.DOMAIN_FINGERPRINT_FILE));
    if (!parsed.success) throw new Error(`Invalid DOMAIN_FINGERPRINT_FILE ${e.DOMAIN_FINGERPRINT_FILE}`);
    fingerprints = parsed.data;
  }
  cached = { vulns: [...byId.values()], fingerprints };
  return cached;
}
