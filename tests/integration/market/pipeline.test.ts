import { describe, expect, it, vi } from 'vitest';
import { POST as center } from '@/app/api/developer/center/route';
import { POST as setPublish } from '@/app/api/developer/set_publish/route';
import { POST as doAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as auditList } from '@/app/api/developer_plugins/plugins_audit_list/route';
import { POST as pluginsCenter } from '@/app/api/developer_plugins/plugins_center/route';
import { POST as pluginsDetail } from '@/app/api/developer_plugins/plugins_detail/route';
import type { AppDetail } from '@/contract/developer-output';
import { registerUser } from '../../support/factories';
import { callApi, fields, file, PNG, registerAdmin, submitPlugin, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type List = {
  list: { id: number; status: number; remarks: string; queue: number; version: string }[];
  search_count: number;
};
const detailOf = async (token: string, id: number) =>
  (await callApi<AppDetail>(pluginsDetail, { json: { id, type: 'info' }, token, lang: 'en-us' })).info;

describe('plugin review pipeline', () => {
  it('goes submit → reject with remarks → resubmit (file keys, form-urlencoded) → approve → publish', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await submitPlugin(dev.token, {}, 'pipeline');

    const mine = await callApi<List>(pluginsCenter, { form: { status: '0' }, token: dev.token });
    expect(mine.info.search_count).toBe(1);
    expect(mine.info.list[0]).toMatchObject({ id, status: 0 });
    expect(mine.info.list[0]!.queue).toBeGreaterThan(0);

    const queue = await callApi<List>(auditList, { json: { status: '0' }, token: admin.token });
    expect(queue.info.list.map((i) => i.id)).toContain(id);

    const noReason = await callApi(doAudit, { json: { id, status: 2 }, token: admin.token, lang: 'en-us' });
    expect(noReason).toMatchObject({
      code: 0,
      msg: 'Please enter the reason for the failure in the remarks',
    });
    const rejected = await callApi(doAudit, {
      json: { id, status: 2, remarks: 'Thumbnail is blank' },
      token: admin.token,
      lang: 'en-us',
    });
    expect(rejected).toMatchObject({ code: 1, msg: 'Audit saved' });

    const failed = await detailOf(dev.token, id);
    expect(failed.detail).toMatchObject({ status: 2, remarks: 'Thumbnail is blank' });
    expect(failed.audit_list[0]).toMatchObject({
      action: 'reject',
      status: 2,
      remarks: 'Thumbnail is blank',
    });
    expect(failed.audit_list[0]!.audit_time).toBeGreaterThan(0);
    const news = await callApi<{ notices: { action: string; remarks: string }[] }>(center, {
      token: dev.token,
    });
    expect(news.info.notices[0]).toMatchObject({ action: 'reject', remarks: 'Thumbnail is blank' });

    // Resubmission through uploaded keys: a new image, the earlier package kept.
    const image = await uploadFile(dev.token, file(PNG, 'better.png'), 'image');
    expect(image.code).toBe(1);
    const resubmit = await callApi<{ id: number; status: number }>(pluginsAdd, {
      form: {
        ...fields({ name: 'Demo plugin v2' }),
        id: String(id),
        source: failed.detail.source_key,
        pc_image: image.info.key,
      },
      token: dev.token,
      lang: 'en-us',
    });
    expect(resubmit).toMatchObject({ code: 1, msg: 'Submitted successfully', info: { id, status: 0 } });
    expect((await detailOf(dev.token, id)).version_history).toHaveLength(2);

    const early = await callApi(setPublish, { json: { id }, token: dev.token, lang: 'en-us' });
    expect(early).toMatchObject({ code: 0, msg: 'Only an approved version can be released' });
    const again = await callApi(pluginsAdd, {
      form: { ...fields(), id: String(id), source: failed.detail.source_key, pc_image: image.info.key },
      token: dev.token,
      lang: 'en-us',
    });
    expect(again.msg).toMatch(/under review/);

    const noVersion = await callApi(doAudit, { json: { id, status: 1 }, token: admin.token, lang: 'en-us' });
    expect(noVersion).toMatchObject({ code: 0, msg: 'Please enter the version number' });
    const approved = await callApi(doAudit, {
      form: { id: String(id), status: '1', version: '1.0.0', remarks: 'Looks good' },
      token: admin.token,
    });
    expect(approved.code).toBe(1);
    expect((await detailOf(dev.token, id)).detail.status).toBe(1);

    const published = await callApi(setPublish, { json: { id }, token: dev.token, lang: 'en-us' });
    expect(published).toMatchObject({ code: 1, msg: 'Released successfully', info: { status: 3 } });
    const released = await detailOf(dev.token, id);
    expect(released.detail.status).toBe(3);
    expect(released.publish_data).toMatchObject({ name: 'Demo plugin v2', version: '1.0.0' });
    expect(released.audit_list.map((r) => r.action)).toEqual([
      'publish',
      'approve',
      'submit',
      'reject',
      'submit',
    ]);
    const twice = await callApi(setPublish, { json: { id }, token: dev.token });
    expect(twice.code).toBe(0);
  });

  it('reviews a new version while the released one stays public, and refuses a released version number', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const { id } = await submitPlugin(dev.token, {}, 'versioned');
    await callApi(doAudit, { json: { id, status: 1, version: '1.0.0' }, token: admin.token });
    await callApi(setPublish, { json: { id }, token: dev.token });
    const first = await detailOf(dev.token, id);

    const sameNumber = await callApi(pluginsAdd, {
      form: {
        ...fields({ version: '1.0.0' }),
        id: String(id),
        source: first.detail.source_key,
        pc_image: first.detail.pc_image_key,
      },
      token: dev.token,
      lang: 'en-us',
    });
    expect(sameNumber).toMatchObject({
      code: 0,
      msg: 'Version 1.0.0 of this item already exists: use a new version number',
    });

    const update = await callApi(pluginsAdd, {
      form: {
        ...fields({ version: '1.1.0', name: 'Renamed' }),
        id: String(id),
        source: first.detail.source_key,
        pc_image: first.detail.pc_image_key,
      },
      token: dev.token,
    });
    expect(update.code).toBe(1);
    const during = await detailOf(dev.token, id);
    expect(during.detail).toMatchObject({ status: 0, name: 'Renamed' });
    expect(during.publish_data).toMatchObject({ status: 3, version: '1.0.0' });

    const dup = await callApi(doAudit, {
      json: { id, status: 1, version: '1.0.0' },
      token: admin.token,
      lang: 'en-us',
    });
    expect(dup.msg).toBe('Version 1.0.0 of this item already exists: use a new version number');
    expect((await detailOf(dev.token, id)).detail.status).toBe(0);
  });

  it('lists with the status filters and a name search', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const a = await submitPlugin(dev.token, { name: 'Alpha tool' });
    await submitPlugin(dev.token, { name: 'Beta tool' });
    await callApi(doAudit, { json: { id: a.id, status: 2, remarks: 'no' }, token: admin.token });
    const count = async (payload: object) =>
      (await callApi<List>(pluginsCenter, { json: payload, token: dev.token })).info.search_count;
    expect(await count({})).toBe(2);
    expect(await count({ status: '0' })).toBe(1);
    expect(await count({ status: '2' })).toBe(1);
    expect(await count({ status: '3' })).toBe(0);
    expect(await count({ name: 'alpha' })).toBe(1);
    expect(await count({ name: '%' })).toBe(0);
  });
});
