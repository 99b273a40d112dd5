import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { POST as setPublish } from '@/app/api/developer/set_publish/route';
import { POST as pluginAudit } from '@/app/api/developer_plugins/do_audit/route';
import { POST as themeAudit } from '@/app/api/developer_theme/do_audit/route';
import { POST as themeAdd } from '@/app/api/developer_theme/theme_add/route';
import { POST as feedbackRoute } from '@/app/api/market/feedback/route';
import { getDb } from '@/server/db/client';
import { feedback } from '@/server/db/schema';
import type { Registered } from '../../support/factories';
import { callApi, callMultipart, fields, file, PNG, submitPlugin, themeZip } from './support';

/** A real, playable MP4 (the demo recording). */
export const MP4 = new Uint8Array(readFileSync('content/demo-media/feedback/recording.mp4'));
/** The start of an AVI file: RIFF, its size, the AVI form type and the header list. */
export const AVI = Uint8Array.from([
  ...Buffer.from('RIFF'),
  0x24,
  0x10,
  0,
  0,
  ...Buffer.from('AVI LIST'),
  0xc0,
  0,
  0,
  0,
  ...Buffer.from('hdrlavih'),
]);
/** An MPEG-2 program stream pack header. */
export const MPEG = Uint8Array.from([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1, 1, 0x89, 0xc3, 0xf8]);
/** A JPEG's first bytes are all the check reads. */
export const JPG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF'), 0]);

let themes = 0;
async function submitTheme(token: string) {
  themes += 1;
  const res = await callMultipart<{ id: number }>(
    themeAdd,
    {
      ...fields({ name: `Theme ${themes}` }),
      source: file(themeZip(`fbtheme${themes}${Date.now() % 100000}`), 'theme.zip'),
      pc_image: file(PNG, 'thumb.png'),
    },
    { token, lang: 'en-us' },
  );
  if (res.code !== 1) throw new Error(`submitTheme failed: ${res.msg}`);
  return res.info.id;
}

/** A plugin or theme submitted, approved as 1.0.0 and released through the real calls. */
export async function releasedItem(
  dev: Registered,
  admin: Registered,
  kind: 'plugin' | 'theme' = 'plugin',
  name = kind === 'plugin' ? 'Demo plugin' : 'Demo theme',
) {
  const id = kind === 'plugin' ? (await submitPlugin(dev.token, { name })).id : await submitTheme(dev.token);
  const audited = await callApi(kind === 'plugin' ? pluginAudit : themeAudit, {
    json: { id, status: 1, version: '1.0.0' },
    token: admin.token,
  });
  const published = await callApi(setPublish, { json: { id }, token: dev.token });
  if (audited.code !== 1 || published.code !== 1) throw new Error(`release failed: ${published.msg}`);
  return id;
}

/** What the CMS admin's feedback form sends: multipart, `lang` header, no token. */
export const cmsFields = (id: number, overrides: Record<string, string | File | File[]> = {}) => ({
  bind_id: String(id),
  name: 'Demo plugin',
  version: '1.0.0',
  content: 'The player page shows a blank screen after installing.',
  type: 'plugins',
  'images[]': [file(PNG, 'screen.png', 'image/png')],
  'videos[]': [file(MP4, 'screen.mp4', 'video/mp4')],
  ...overrides,
});

export const sendFeedback = (
  fieldsToSend: Record<string, string | File | (string | File)[]>,
  options: { token?: string; lang?: string; ip?: string } = { lang: 'en-us' },
  route = feedbackRoute,
) => callMultipart<{ id: number }>(route, fieldsToSend, options);

export async function feedbackRows() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(feedback);
  return row?.n ?? 0;
}
