import { describe, expect, it } from 'vitest';
import { GET as config } from '@/app/api/home/config/route';
import { callApi } from '../../support/api';

type Config = {
  site_name: string;
  chat_group_url: string;
  download_channels: { key: string; url: string }[];
  partners: { name: string; url: string }[];
  licenses: { slug: string }[];
  contacts: Record<string, string>;
};

describe('GET /api/home/config', () => {
  it('answers the site dictionary the header, footer and home read', async () => {
    const res = await callApi<Config>(config, { method: 'GET', path: '/api/home/config' });
    expect(res.code).toBe(1);
    expect(res.info.site_name).toBe('MacCMS Pro');
    expect(res.info.chat_group_url).toMatch(/^https:\/\//);
    expect(res.info.download_channels.map((c) => c.key)).toEqual(['official', 'github', 'jsdelivr']);
    expect(res.info.partners.length).toBeGreaterThan(0);
    expect(res.info.licenses).toHaveLength(6);
    expect(res.info.contacts.email).toContain('@');
  });
});
