import 'server-only';
import type { Locale } from '@/contract/locales';
import { type Kind, STATUS } from '@/contract/market';
import { AppError } from '../errors';
import type { UserRow } from '../identity/user';
import { appDetail } from './detail';

const file = (key: string, url: string, name = key.split('/').at(-1) ?? '') =>
  key ? [{ key, url, name }] : [];

/**
 * The add form pre-filled from an item's latest version (a failed one, or a released one to update);
 * `busy` while a version is under review or waiting to be released, `missing` for an unknown id or
 * another developer's item.
 */
export async function editData(args: { user: UserRow; kind: Kind; id: number; locale: Locale }) {
  try {
    const { detail: d, report } = await appDetail({ ...args, viewer: args.user, admin: false });
    if (d.status === STATUS.review || d.status === STATUS.approved) return 'busy' as const;
    return {
      id: d.id,
      remarks: d.status === STATUS.failed ? d.remarks : '',
      values: {
        name: d.name,
        describe: d.describe,
        version: d.status === STATUS.failed ? d.version : '',
        changelog: d.status === STATUS.failed ? d.changelog : '',
        support_version: d.support_version,
        system_version: d.system_version,
        device: d.device,
        toll: d.toll,
        lang_list: d.lang_list,
        qq: d.qq,
        wechat: d.wechat,
      },
      files: {
        source: [{ key: d.source_key, url: d.source, name: d.file_name, report }],
        pc_image: file(d.pc_image_key, d.pc_image),
        pc_preview: d.pc_preview_keys.flatMap((k, i) => file(k, d.pc_preview[i] ?? '')),
        h5_image: file(d.h5_image_key, d.h5_image),
        h5_preview: d.h5_preview_keys.flatMap((k, i) => file(k, d.h5_preview[i] ?? '')),
      },
    };
  } catch (error) {
    if (error instanceof AppError) return 'missing' as const;
    throw error;
  }
}
