import { describe, expect, it, vi } from 'vitest';
import { POST as pluginsDetail } from '@/app/api/developer_plugins/plugins_detail/route';
import { developerUpload, pluginOps } from '@/contract/api/developer';
import { UPLOADS_PER_HOUR } from '@/contract/market';
import { registerUser } from '../../support/factories';
import { callApi, file, PNG, submitPlugin, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const image = () => file(PNG, 'thumb.png', 'image/png');

describe('the upload limit per developer', () => {
  it(`says what is left of ${UPLOADS_PER_HOUR.limit} uploads an hour, then refuses with when to retry`, async () => {
    const dev = await registerUser();
    const first = await uploadFile(dev.token, image(), 'image');
    expect(first.code).toBe(1);
    const headers = first.response.headers;
    expect(headers.get('ratelimit-limit')).toBe(String(UPLOADS_PER_HOUR.limit));
    expect(headers.get('ratelimit-remaining')).toBe(String(UPLOADS_PER_HOUR.limit - 1));
    expect(Number(headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(Number(headers.get('ratelimit-reset'))).toBeLessThanOrEqual(UPLOADS_PER_HOUR.windowSeconds);

    for (let i = 1; i < UPLOADS_PER_HOUR.limit; i++) {
      const res = await uploadFile(dev.token, image(), 'image');
      expect(res.code, `upload ${i + 1}`).toBe(1);
    }
    const last = await uploadFile(dev.token, image(), 'image');
    expect(last.status).toBe(429);
    expect(last.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    // Retry-After says the same wait as the message, for clients that do not read it.
    const retry = Number(last.response.headers.get('retry-after'));
    expect(String(retry)).toBe(last.msg.match(/\d+/)?.[0]);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(UPLOADS_PER_HOUR.windowSeconds);
    // Files sent inline with a submission are uploads too: they cannot go round the limit.
    await expect(submitPlugin(dev.token)).rejects.toThrow(/Too many attempts/);

    // The limit is the developer's, not everyone's.
    const other = await registerUser();
    const theirs = await uploadFile(other.token, image(), 'image');
    expect(theirs.code).toBe(1);
    expect(theirs.response.headers.get('ratelimit-remaining')).toBe(String(UPLOADS_PER_HOUR.limit - 1));
  }, 120_000);
});

describe('the answers the add form and the detail pages read', () => {
  it('fail their schema when a field the form sends back is lost', async () => {
    const dev = await registerUser();
    const uploaded = await uploadFile(dev.token, image(), 'image');
    expect(developerUpload.output.safeParse(uploaded.info).success).toBe(true);
    const { key: _key, ...withoutKey } = uploaded.info;
    expect(developerUpload.output.safeParse(withoutKey).success).toBe(false);

    const { id } = await submitPlugin(dev.token);
    const detail = await callApi<{ detail: Record<string, unknown> }>(pluginsDetail, {
      json: { id },
      token: dev.token,
    });
    expect(pluginOps.detail.output.safeParse(detail.info).success).toBe(true);
    // The edit form sends the package's key back; without it a resubmission cannot keep the package.
    const { source_key: _source, ...rest } = detail.info.detail;
    expect(pluginOps.detail.output.safeParse({ ...detail.info, detail: rest }).success).toBe(false);
  });
});
