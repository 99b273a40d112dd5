import { z } from 'zod';
import { appFieldsSchema } from './app-fields';
import { KINDS } from './market';

/**
 * What the store's calls answer (`info`): the CMS admin's app market reads them (the fields listed in
 * docs/cms-contract.md, section 1) and so do the portal's store pages. The types the pages use are
 * inferred from here, so a field cannot be dropped from one without the other noticing.
 */
const kind = z.enum(KINDS);
/** Absolute URLs, '' when absent: the CMS admin shows them from another host. */
const images = {
  pc_image: z.string(),
  h5_image: z.string(),
  pc_preview: z.string(),
  h5_preview: z.string(),
};

/** One card of /api/market/center; the CMS reads id, name and the first image it finds. */
export const storeItemSchema = z.object({
  id: z.number(),
  type: kind,
  name: z.string(),
  describe: z.string(),
  ...images,
  version: z.string(),
  toll: z.number(),
  device: z.number(),
  langs: z.string(),
  download_num: z.number(),
  /** The portal's own: the average rating (one vote per address; 0 without any) and its vote count. */
  rating: z.number(),
  rating_count: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`. */
  update_time: z.string(),
  release_time: z.number(),
});
export type StoreItem = z.infer<typeof storeItemSchema>;

export const storeListSchema = z.object({
  list: z.array(storeItemSchema),
  /** Every matching item, for the pager. */
  search_count: z.number(),
});
export type StoreList = z.infer<typeof storeListSchema>;

/** `info.detail` of market_plugins/detail and market_theme/detail. */
export const storeDetailFieldsSchema = appFieldsSchema.extend({
  /** Always '': the CMS shows it for themes, and the portal publishes no developer email. */
  email: z.string(),
  tel: z.string(),
  /** The package URL, ending in .zip; '' for a paid item until a code is given. */
  source: z.string(),
  file_name: z.string(),
  file_size: z.number(),
  download_num: z.number(),
  /** The portal's own, as on list items. */
  rating: z.number(),
  rating_count: z.number(),
  update_time: z.string(),
  release_time: z.number(),
  ...images,
  pc_previews: z.array(z.string()),
  h5_previews: z.array(z.string()),
});

export const storeDetailAnswerSchema = z.object({
  detail: storeDetailFieldsSchema,
  /** Version strings, oldest first: the CMS shows the last one as the current version. */
  version_history: z.array(z.string()),
  versions: z.array(
    z.object({
      version: z.string(),
      support_version: z.string(),
      file_size: z.number(),
      release_time: z.number(),
      update_time: z.string(),
      current: z.boolean(),
      /** What changed in the version, as its developer wrote it (plain text; '' when not said). */
      changelog: z.string(),
    }),
  ),
  /** The developer's other released items of the same kind. */
  other_theme: z.array(storeItemSchema),
  user: z.object({ user_id: z.number(), name: z.string(), site: z.string() }),
  /** A paid item's "how to buy" note (plain text, its developer's words); '' for none or a free item. */
  how_to_buy: z.string(),
});
export type StoreDetail = z.infer<typeof storeDetailAnswerSchema>;

/** verify_auth_code: the CMS reads only `code` and `msg`; the item's id comes along. */
export const storeVerifyAnswerSchema = z.object({ id: z.number() });

/** plugins_download / theme_download. */
export const storeDownloadAnswerSchema = z.object({
  id: z.number(),
  /** An absolute URL ending in `.zip` that answers the zip itself (no redirect). */
  source: z.string(),
  /** `<folder>.zip`: the CMS installs the package as that folder. */
  file_name: z.string(),
  version: z.string(),
  download_num: z.number(),
});
