import { describe, expect, it, vi } from 'vitest';
import { POST as appDownload } from '@/app/api/developer/app_download/route';
import { POST as getAuthCode } from '@/app/api/developer/get_auth_code/route';
import { POST as setPublish } from '@/app/api/developer/set_publish/route';
import { POST as upload } from '@/app/api/developer/upload/route';
import { POST as auditDetail } from '@/app/api/developer_plugins/audit_detail/route';
import { POST as doAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as pluginsAuditList } from '@/app/api/developer_plugins/plugins_audit_list/route';
import { POST as pluginsCenter } from '@/app/api/developer_plugins/plugins_center/route';
import { POST as pluginsDetail } from '@/app/api/developer_plugins/plugins_detail/route';
import { POST as themeDoAudit } from '@/app/api/developer_theme/do_audit/route';
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
  uploadFile,
} from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

describe('who may do what', () => {
  it('keeps another developer out of an item, for every call', async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const admin = await registerAdmin();
    const { id } = await submitPlugin(owner.token, { toll: '1' });
    const asOther = { token: other.token, lang: 'en-us' };
    for (const [route, json] of [
      [pluginsDetail, { id, type: 'info' }],
      [setPublish, { id }],
      [getAuthCode, { id }],
      [appDownload, { id }],
    ] as const) {
      const res = await callApi(route, { json, ...asOther });
      expect(res).toMatchObject({ status: 403, code: 0, msg: 'This item belongs to another developer' });
    }
    const takeover = await callMultipart(
      pluginsAdd,
      {
        ...fields(),
        id: String(id),
        source: file(new Uint8Array([1]), 'x.zip'),
        pc_image: file(PNG, 'a.png'),
      },
      asOther,
    );
    expect(takeover.status).toBe(403);
    const list = await callApi<{ search_count: number }>(pluginsCenter, { json: {}, token: other.token });
    expect(list.info.search_count).toBe(0);

    // Approve, so the owner's item is ready: still nobody else may publish it.
    await callApi(doAudit, { json: { id, status: 1, version: '1.0' }, token: admin.token });
    expect((await callApi(setPublish, { json: { id }, token: other.token })).status).toBe(403);
    expect((await callApi(setPublish, { json: { id }, token: owner.token })).code).toBe(1);
  });

  it('refuses the audit calls to non-administrators with 403 and to visitors with 401', async () => {
    const dev = await registerUser();
    const { id } = await submitPlugin(dev.token);
    for (const route of [doAudit, pluginsAuditList, auditDetail]) {
      const res = await callApi(route, {
        json: { id, status: 1, version: '1.0' },
        token: dev.token,
        lang: 'en-us',
      });
      expect(res).toMatchObject({ status: 403, code: 0, msg: 'Access denied' });
      expect((await callApi(route, { json: { id } })).status).toBe(401);
    }
    const detail = await callApi<{ detail: { status: number } }>(pluginsDetail, {
      json: { id },
      token: dev.token,
    });
    expect(detail.info.detail.status).toBe(0);
  });

  it('needs a session for the developer calls', async () => {
    for (const route of [pluginsAdd, pluginsCenter, pluginsDetail, setPublish, upload]) {
      expect((await callApi(route, { json: {} })).status).toBe(401);
    }
  });

  it('refuses to audit a plugin through the theme call, and unknown ids', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await submitPlugin(dev.token);
    const res = await callApi(themeDoAudit, {
      json: { id, status: 1, version: '1' },
      token: admin.token,
      lang: 'en-us',
    });
    expect(res).toMatchObject({ code: 0, msg: 'This item does not exist' });
    const unknown = await callApi(pluginsDetail, { json: { id: 999999 }, token: dev.token, lang: 'en-us' });
    expect(unknown).toMatchObject({ status: 200, code: 0, msg: 'This item does not exist' });
  });

  it("refuses another user's uploaded file keys", async () => {
    const owner = await registerUser();
    const thief = await registerUser();
    const image = await uploadFile(owner.token, file(PNG, 'mine.png'), 'image');
    const pkg = await uploadFile(
      thief.token,
      file((await import('./support')).pluginZip('stolen'), 'p.zip'),
      'source',
    );
    const res = await callApi(pluginsAdd, {
      form: { ...fields(), source: pkg.info.key, pc_image: image.info.key },
      token: thief.token,
      lang: 'en-us',
    });
    expect(res).toMatchObject({ code: 0, msg: 'An image was not found among your uploads: upload it again' });
    const noSource = await callApi(pluginsAdd, {
      form: { ...fields(), source: 'market/pkg/nothing.zip', pc_image: image.info.key },
      token: owner.token,
      lang: 'en-us',
    });
    expect(noSource.msg).toBe('Please upload the source code');
  });

  it('stores and serves nothing for an account whose address is not verified', async () => {
    // Uploaded images are public at once: a throw-away account must not make the portal host files.
    const dev = await registerUser({ verified: false });
    const before = storedFiles();
    const image = await uploadFile(dev.token, file(PNG, 'banner.png'), 'image');
    expect(image).toMatchObject({ code: 0, msg: expect.stringMatching(/verify your email address first/) });
    const pkg = await uploadFile(dev.token, file(pluginZip('unproven'), 'p.zip'), 'source');
    expect(pkg).toMatchObject({ code: 0, msg: expect.stringMatching(/verify your email address first/) });
    expect(storedFiles()).toEqual(before);
  });
});
