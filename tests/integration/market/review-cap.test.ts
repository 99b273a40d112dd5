import { describe, expect, it, vi } from 'vitest';
import { POST as pluginAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as themeAdd } from '@/app/api/developer_theme/theme_add/route';
import { AWAITING_REVIEW_MAX } from '@/contract/market';
import { registerUser } from '../../support/factories';
import { callApi, callMultipart, fields, file, PNG, pluginZip, registerAdmin, themeZip } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

let serial = 0;
const submit = (token: string, kind: 'plugin' | 'theme' = 'plugin') => {
  const folder = `cap${kind}${++serial}${Date.now() % 100000}`;
  return callMultipart<{ id: number }>(
    kind === 'plugin' ? pluginsAdd : themeAdd,
    {
      ...fields(),
      source: file(kind === 'plugin' ? pluginZip(folder) : themeZip(folder), `${folder}.zip`),
      pc_image: file(PNG, 'thumb.png'),
    },
    { token, lang: 'en-us' },
  );
};

describe('submissions one account may have waiting for review', () => {
  it(`are at most ${AWAITING_REVIEW_MAX}, plugins and themes together; a result frees a place`, async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const ids: number[] = [];
    for (let i = 0; i < AWAITING_REVIEW_MAX; i++) {
      const res = await submit(dev.token, i % 2 ? 'theme' : 'plugin');
      expect(res.code, res.msg).toBe(1);
      ids.push(res.info.id);
    }
    for (const kind of ['plugin', 'theme'] as const) {
      const refused = await submit(dev.token, kind);
      expect([refused.code, refused.msg]).toEqual([
        0,
        `You already have ${AWAITING_REVIEW_MAX} submissions waiting for review: wait for a result before submitting another item`,
      ]);
    }
    // Another developer's queue is their own.
    expect((await submit((await registerUser()).token)).code).toBe(1);

    // Once an administrator answers one, the developer may submit again, once.
    const failed = await callApi(pluginAudit, {
      json: { id: ids[0], status: 2, remarks: 'Fix it' },
      token: admin.token,
    });
    expect(failed.code).toBe(1);
    const [first, second] = await Promise.all([submit(dev.token), submit(dev.token)]);
    expect([first.code, second.code].sort()).toEqual([0, 1]);
  }, 120_000);
});
