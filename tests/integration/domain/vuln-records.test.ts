import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

// A record laid over the bundled ones that says neither where it is fixed nor what to do meanwhile.
const vulnFile = path.join(os.tmpdir(), `vulns-nofix-${process.pid}.json`);
fs.writeFileSync(
  vulnFile,
  JSON.stringify([
    {
      id: 'MACCMS-NO-ADVICE',
      aliases: [],
      summary: { 'zh-cn': '缺陷', 'en-us': 'A flaw' },
      severity: 'high',
      line: 'v10',
      introduced: '0',
      fixed: null,
      last_affected: null,
      references: [],
    },
  ]),
);
process.env.DOMAIN_VULN_FILE = vulnFile;

it('refuses a vulnerability record with neither a fixed version nor a mitigation, naming it', async () => {
  const { versionData } = await import('@/server/domain/version/records');
  expect(() => versionData()).toThrow(
    /Invalid DOMAIN_VULN_FILE .*record 0\.mitigation: a record without "fixed" needs a "mitigation"/,
  );
});

it('accepts the bundled records: each has a fixed version or a mitigation in both languages', async () => {
  const bundled = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'src/server/domain/version/vulns.json'), 'utf8'),
  ) as { fixed: string | null; mitigation?: Record<string, string> }[];
  for (const r of bundled) expect(r.fixed ?? r.mitigation?.['en-us']).toBeTruthy();
  fs.writeFileSync(vulnFile, '[]');
  const { versionData } = await import('@/server/domain/version/records');
  expect(versionData().vulns.length).toBe(bundled.length);
});
