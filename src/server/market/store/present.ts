import 'server-only';
import { formatTime, unixTime } from '@/contract/format';
import type { Locale } from '@/contract/locales';
import type { StoreItem } from '@/contract/store-answers';
import { plainText } from '@/contract/text';
import { fileUrl } from '../files';
import { langsText } from '../present';
import type { Released } from './released';

const url = (key: string | undefined) => fileUrl(key ?? '', true);

/** Image URLs are absolute: the CMS admin shows them from another host. */
export function presentImages(v: Released['v']) {
  return {
    pc_image: url(v.pcImage),
    h5_image: url(v.h5Image),
    pc_preview: url(v.pcPreview[0]),
    h5_preview: url(v.h5Preview[0]),
  };
}

/** One card of /api/market/center; the CMS reads id, name and the first image it finds. */
export function presentStoreItem({ app, v }: Released, locale: Locale): StoreItem {
  return {
    id: app.id,
    type: app.kind,
    name: plainText(v.name),
    describe: plainText(v.describe).slice(0, 160),
    ...presentImages(v),
    version: v.version,
    toll: v.toll,
    device: v.device,
    langs: langsText(v, locale),
    download_num: app.downloadNum,
    rating: app.rating,
    rating_count: app.ratingCount,
    user_id: app.ownerId,
    user_name: plainText(v.userName),
    update_time: formatTime(unixTime(v.releasedAt)),
    release_time: unixTime(v.releasedAt),
  };
}
