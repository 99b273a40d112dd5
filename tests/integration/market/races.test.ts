import { describe, expect, it, vi } from 'vitest';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as auditList } from '@/app/api/developer_plugins/plugins_audit_list/route';
import { POST as pluginsDetail } from '@/app/api/developer_plugins/plugins_detail/route';
import { registerUser } from '../../support/factories';
import {
  callApi,
  callMultipart,
  fields,
  file,
  PNG,
  pluginZip,
  registerAdmin,
  storedFiles,
  submitPlugin,
} from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

describe('submissions at the same moment', () => {
  it('give a folder to one item only, and leave no file of the other behind', async () => {
    const [a, b] = [await registerUser(), await registerUser()];
    const before = storedFiles();
    const send = (token: string) =>
      callMultipart(
        pluginsAdd,
        { ...fields(), source: file(pluginZip('racefolder'), 'p.zip'), pc_image: file(PNG, 'p.png') },
        { token, lang: 'en-us' },
      );
    const answers = await Promise.all([send(a.token), send(b.token)]);
    expect(answers.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(answers.find((r) => r.code === 0)?.msg).toBe(
      'Another item already uses the folder "racefolder": rename your package folder',
    );
    // One package and one image were kept, for the item that won.
    expect(storedFiles().length - before.length).toBe(2);
  });

  it('start one review when a failed item is resubmitted twice at once', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await submitPlugin(dev.token, {}, 'twiceplug');
    const { POST: doAudit } = await import('@/app/api/developer_plugins/do_audit/route');
    await callApi(doAudit, { json: { id, status: 2, remarks: 'Fix it' }, token: admin.token });
    const own = await callApi<{ detail: { source_key: string; pc_image_key: string } }>(pluginsDetail, {
      json: { id },
      token: dev.token,
    });
    const form = {
      ...fields(),
      id: String(id),
      source: own.info.detail.source_key,
      pc_image: own.info.detail.pc_image_key,
    };
    const answers = await Promise.all([
      callApi(pluginsAdd, { form, token: dev.token, lang: 'en-us' }),
      callApi(pluginsAdd, { form, token: dev.token, lang: 'en-us' }),
    ]);
    expect(answers.map((r) => r.code).sort()).toEqual([0, 1]);
    const queue = await callApi<{ list: { id: number }[] }>(auditList, {
      json: { status: '0' },
      token: admin.token,
    });
    expect(queue.info.list.filter((i) => i.id === id)).toHaveLength(1);
    const history = await callApi<{ version_history: { status: number }[] }>(pluginsDetail, {
      json: { id },
      token: dev.token,
    });
    expect(history.info.version_history.filter((v) => v.status === 0)).toHaveLength(1);
  });
});
