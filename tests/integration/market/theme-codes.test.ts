import { describe, expect, it, vi } from 'vitest';
import { POST as appDownload } from '@/app/api/developer/app_download/route';
import { POST as center } from '@/app/api/developer/center/route';
import { POST as feedbackList } from '@/app/api/developer/feedback_list/route';
import { GET as serveFile } from '@/app/api/developer/file/[...key]/route';
import { POST as getAuthCode } from '@/app/api/developer/get_auth_code/route';
import { POST as setPublish } from '@/app/api/developer/set_publish/route';
import { POST as verifyAuthCode } from '@/app/api/developer/verify_auth_code/route';
import { POST as themeAuditDetail } from '@/app/api/developer_theme/audit_detail/route';
import { POST as themeDoAudit } from '@/app/api/developer_theme/do_audit/route';
import { POST as themeAdd } from '@/app/api/developer_theme/theme_add/route';
import { POST as themeAuditList } from '@/app/api/developer_theme/theme_audit_list/route';
import { POST as themeCenter } from '@/app/api/developer_theme/theme_center/route';
import { POST as themeDetail } from '@/app/api/developer_theme/theme_detail/route';
import type { AppDetail } from '@/contract/developer-output';
import { registerUser } from '../../support/factories';
import { callApi, callMultipart, fields, file, PNG, registerAdmin, submitPlugin, themeZip } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

const serve = (url: string, token?: string) =>
  serveFile(new Request(`http://localhost${url}`, { headers: token ? { token } : {} }), {
    params: Promise.resolve({ key: url.replace('/api/developer/file/', '').split('/') }),
  });

describe('themes', () => {
  it('go through the same review with PC and H5 images, and the reviewer sees everything', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const added = await callMultipart<{ id: number }>(
      themeAdd,
      {
        ...fields({ name: 'Dark theme', toll: '1', device: '2', langs: '3' }),
        source: file(themeZip('darkly'), 'darkly.zip'),
        pc_image: file(PNG, 'pc.png'),
        h5_image: file(PNG, 'h5.png'),
        pc_preview: [file(PNG, 'p1.png'), file(PNG, 'p2.png')],
        h5_preview: [file(PNG, 'h1.png')],
      },
      { token: dev.token, lang: 'en-us' },
    );
    expect(added.code).toBe(1);
    const id = added.info.id;
    const seen = await callApi<AppDetail>(themeAuditDetail, {
      json: { id },
      token: admin.token,
      lang: 'en-us',
    });
    expect(seen.info.detail).toMatchObject({
      name: 'Dark theme',
      toll: 1,
      device: 2,
      // Sent as a number by an older client: said in words.
      langs: '3 languages',
      langs_count: 3,
      folder: 'darkly',
    });
    expect(seen.info.img.pc_preview).toHaveLength(2);
    expect(seen.info.img.h5_preview).toHaveLength(1);
    expect(seen.info.report?.checks.map((c) => c.text)).toContain(
      'Layout correct: the CMS installs it as template/darkly/',
    );
    expect(seen.info.user.user_id).toBe(dev.user.user_id);

    const image = await serve(seen.info.img.h5_image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await serve('/api/developer/file/market/img/../../etc.png')).status).toBe(404);

    const listed = await callApi<{ list: { id: number; pc_image: string; h5_image: string }[] }>(
      themeAuditList,
      {
        json: { status: '0' },
        token: admin.token,
      },
    );
    expect(listed.info.list.find((i) => i.id === id)?.h5_image).toMatch(/\.png$/);
    await callApi(themeDoAudit, { json: { id, status: 1, version: '2.0' }, token: admin.token });
    expect((await callApi(setPublish, { json: { id }, token: dev.token })).code).toBe(1);
    const mine = await callApi<{ list: { status: number }[] }>(themeCenter, {
      json: { status: '3' },
      token: dev.token,
    });
    expect(mine.info.list).toHaveLength(1);
    const detail = await callApi<AppDetail>(themeDetail, { json: { id, type: 'info' }, token: dev.token });
    expect(detail.info.publish_data?.version).toBe('2.0');

    const download = await callApi<{ source: string; file_name: string }>(appDownload, {
      json: { id },
      token: dev.token,
    });
    expect(download.info.source).toMatch(/^https?:\/\/.+\/darkly\.zip$/);
    // A package under review reaches its developer and administrators only.
    const path = new URL(download.info.source).pathname;
    const zip = await serve(path, dev.token);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toContain('filename="darkly.zip"');
    expect((await serve(path, admin.token)).status).toBe(200);
    expect((await serve(path)).status).toBe(404);
    expect((await serve(path, (await registerUser()).token)).status).toBe(404);
  });
});

describe('authorization codes', () => {
  it('are generated for a paid item, counted, copied and verified', async () => {
    const dev = await registerUser();
    const { id } = await submitPlugin(dev.token, { toll: '1', name: 'Paid tool' });
    const first = await callApi<{ name: string; num: number; code: string }>(getAuthCode, {
      json: { id },
      token: dev.token,
    });
    expect(first.info).toMatchObject({ name: 'Paid tool', num: 1 });
    expect(first.info.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const second = await callApi<{ num: number; code: string }>(getAuthCode, {
      json: { id },
      token: dev.token,
    });
    expect(second.info.num).toBe(2);
    expect(second.info.code).not.toBe(first.info.code);

    const ok = await callApi<{ uses: number }>(verifyAuthCode, {
      json: { id, code: first.info.code.toLowerCase() },
      token: dev.token,
      lang: 'en-us',
    });
    // The developer trying a code is not a site redeeming it.
    expect(ok).toMatchObject({ code: 1, msg: 'The authorization code is valid', info: { uses: 0 } });
    const wrong = await callApi(verifyAuthCode, {
      json: { id, code: 'AAAA-BBBB' },
      token: dev.token,
      lang: 'en-us',
    });
    expect(wrong).toMatchObject({ code: 0, msg: 'The authorization code is not valid for this item' });
    const empty = await callApi(verifyAuthCode, { json: { id, code: '' }, token: dev.token, lang: 'en-us' });
    expect(empty.msg).toBe('Please enter the authorization code');
  });

  it('are refused for a free item', async () => {
    const dev = await registerUser();
    const { id } = await submitPlugin(dev.token);
    const res = await callApi(getAuthCode, { json: { id }, token: dev.token, lang: 'en-us' });
    expect(res).toMatchObject({ code: 0, msg: 'Authorization codes are only for paid items' });
  });
});

describe('developer centre', () => {
  it('counts items per status and shows the queue position', async () => {
    const dev = await registerUser();
    await submitPlugin(dev.token);
    await submitPlugin(dev.token);
    type Center = {
      data_overview: {
        plugin: { all: number; review: number };
        theme: { all: number };
        download_total: number;
      };
      queue: { position: number }[];
      download_score: { days: string[] };
    };
    const res = await callApi<Center>(center, { token: dev.token });
    expect(res.info.data_overview.plugin).toMatchObject({ all: 2, review: 2 });
    expect(res.info.data_overview.theme.all).toBe(0);
    expect(res.info.queue).toHaveLength(2);
    expect(res.info.queue[0]!.position).toBeGreaterThan(0);
    expect(res.info.download_score.days).toHaveLength(30);
    const feedback = await callApi<{ list: unknown[]; count: number }>(feedbackList, {
      json: {},
      token: dev.token,
    });
    expect(feedback.info).toMatchObject({ list: [], count: 0 });
  });
});
