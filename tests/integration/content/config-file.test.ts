import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as config } from '@/app/api/home/config/route';
import { readSiteConfig } from '@/server/content/site-config';
import { callApi } from '../../support/api';

type Config = {
  site_name: string;
  partners: { name: string; url: string }[];
  download_channels: { key: string }[];
  promo_video: { src: string };
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-config-'));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

// Read once per process, so set before the first call: what an operator does in the environment.
process.env.SITE_CONFIG_FILE = write(
  'site.json',
  JSON.stringify({
    site_name: 'Example Video CMS',
    partners: [{ name: 'Acme', url: 'https://acme.example' }],
  }),
);

describe('site dictionary from SITE_CONFIG_FILE', () => {
  it('answers the operator’s values over the bundled ones, keeping the keys it does not name', async () => {
    const res = await callApi<Config>(config, { method: 'GET', path: '/api/home/config' });
    expect(res.code).toBe(1);
    expect(res.info.site_name).toBe('Example Video CMS');
    expect(res.info.partners).toEqual([{ name: 'Acme', url: 'https://acme.example' }]);
    expect(res.info.download_channels.map((c) => c.key)).toEqual(['official', 'github', 'jsdelivr']);
    expect(res.info.promo_video.src).toMatch(/\.webm$/);
  });

  it('refuses a file that is not JSON or breaks the schema, naming the file and the field', () => {
    const broken = write('broken.json', '{ "site_name": ');
    expect(() => readSiteConfig(broken)).toThrow(broken);
    const wrong = write('wrong.json', JSON.stringify({ partners: [{ name: '' }] }));
    expect(() => readSiteConfig(wrong)).toThrow(/wrong\.json.*partners\.0\.name/);
    expect(() => readSiteConfig(path.join(dir, 'missing.json'))).toThrow('missing.json');
  });
});
