import { z } from 'zod';
import { appFieldsSchema } from './app-fields';
import { feedbackPageSchema } from './feedback';
import { licenceCodeSchema } from './licence';
import { KINDS } from './market';

/**
 * What the developer pipeline answers (/api/developer*, the developer centre and the audit pages
 * read it): one schema per shape, the pages' types are inferred from them.
 */
const kind = z.enum(KINDS);
/** A unix time in seconds, 0 when the moment has not come (not audited, not released). */
const time = z.number().int();

/** The package's validation report, in the reader's language (null for rows without one). */
export const reportSchema = z.object({
  ok: z.boolean(),
  held: z.boolean(),
  file_name: z.string(),
  size: z.number(),
  folder: z.string(),
  entries: z.number(),
  uncompressed: z.number(),
  checks: z.array(
    z.object({
      level: z.enum(['pass', 'warn', 'fail', 'hold']),
      key: z.string(),
      file: z.string(),
      /** Scan findings: the line and a bounded snippet of it (0 and '' otherwise). */
      line: z.number(),
      snippet: z.string(),
      /** A shape split over files: the other file to read with this one ('' otherwise). */
      via: z.string(),
      text: z.string(),
    }),
  ),
  /**
   * What the package's info.ini says, for the add form to pre-fill and compare (null when the package
   * could not be read that far, or was checked before this was kept). '' for what it does not say.
   */
  info: z
    .object({
      /** The display name (a plugin's `title`; a theme's `name`). */
      name: z.string(),
      /** The folder it names (a plugin's `name`; a theme's `dir`, often absent). */
      folder: z.string(),
      version: z.string(),
      /** `intro` (or `description`). */
      intro: z.string(),
      author: z.string(),
    })
    .nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** /api/developer/upload: the stored file's key (sent back with the form) and, for a package, its report. */
export const uploadedSchema = z.object({
  key: z.string(),
  url: z.string(),
  name: z.string(),
  size: z.number(),
  report: reportSchema.nullable(),
});
export type Uploaded = z.infer<typeof uploadedSchema>;

/** One version with every field the developer filled in, as the add form and the detail pages read it. */
export const versionSchema = appFieldsSchema.extend({
  version_id: z.number(),
  /** What changed in this version, as its developer wrote it. */
  changelog: z.string(),
  status: z.number(),
  held: z.boolean(),
  remarks: z.string(),
  folder: z.string(),
  source: z.string(),
  source_key: z.string(),
  file_name: z.string(),
  file_size: z.number(),
  pc_image: z.string(),
  pc_image_key: z.string(),
  pc_preview: z.array(z.string()),
  pc_preview_keys: z.array(z.string()),
  h5_image: z.string(),
  h5_image_key: z.string(),
  h5_preview: z.array(z.string()),
  h5_preview_keys: z.array(z.string()),
  download_num: z.number(),
  submit_time: time,
  audit_time: time,
  release_time: time,
  update_time: z.string(),
});

/** One row of plugins_center / plugins_audit_list: the latest version, the released one, the queue. */
export const listItemSchema = z.object({
  id: z.number(),
  type: kind,
  version_id: z.number(),
  name: z.string(),
  pc_image: z.string(),
  h5_image: z.string(),
  pc_preview: z.string(),
  h5_preview: z.string(),
  status: z.number(),
  held: z.boolean(),
  version: z.string(),
  released_version: z.string(),
  toll: z.number(),
  device: z.number(),
  remarks: z.string(),
  user_id: z.number(),
  user_name: z.string(),
  download_num: z.number(),
  submit_time: time,
  audit_time: time,
  /** Place in the review queue (0 when not under review). */
  queue: z.number(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const appListSchema = z.object({ list: z.array(listItemSchema), search_count: z.number() });
export type AppList = z.infer<typeof appListSchema>;

const recordSchema = z.object({
  id: z.number(),
  version_id: z.number(),
  action: z.enum(['submit', 'approve', 'reject', 'publish']),
  status: z.number(),
  version: z.string(),
  remarks: z.string(),
  actor: z.string(),
  submit_time: time,
  audit_time: time,
  time,
});

const historySchema = z.object({
  version_id: z.number(),
  version: z.string(),
  status: z.number(),
  held: z.boolean(),
  remarks: z.string(),
  file_name: z.string(),
  source: z.string(),
  submit_time: time,
  audit_time: time,
  release_time: time,
  report: reportSchema.nullable(),
});

/** plugins_detail (the owner) and audit_detail (administrators). */
export const appDetailSchema = z.object({
  detail: versionSchema,
  publish_data: versionSchema.nullable(),
  other_theme: z.array(
    z.object({ id: z.number(), type: kind, name: z.string(), status: z.number(), pc_image: z.string() }),
  ),
  version_history: z.array(historySchema),
  application: z.object({ download_num: z.number(), auth_code_num: z.number() }),
  audit_list: z.array(recordSchema),
  img: z.object({
    pc_image: z.string(),
    pc_preview: z.array(z.string()),
    h5_image: z.string(),
    h5_preview: z.array(z.string()),
  }),
  user: z.object({
    user_id: z.number(),
    name: z.string(),
    site: z.string(),
    email: z.string(),
    qq: z.string(),
    wechat: z.string(),
  }),
  report: reportSchema.nullable(),
  queue: z.number(),
});
export type AppDetail = z.infer<typeof appDetailSchema>;

/** plugins_add / theme_add: the version now under review, its place in the queue and its report. */
export const submittedSchema = z.object({
  id: z.number(),
  version_id: z.number(),
  status: z.number(),
  held: z.boolean(),
  queue: z.number(),
  report: reportSchema.nullable(),
});

/** do_audit and set_publish: the version's new state. */
export const versionStateSchema = z.object({
  id: z.number(),
  version_id: z.number(),
  status: z.number(),
  version: z.string(),
});

/** app_download: where the latest package is fetched (an authorised link) and its file name. */
export const appDownloadSchema = z.object({ source: z.string(), file_name: z.string(), version: z.string() });

/** get_auth_code: the new licence code and the item's latest 20 (as auth_codes lists them). */
export const authCodesSchema = z.object({
  name: z.string(),
  num: z.number(),
  code: z.string(),
  list: z.array(licenceCodeSchema),
});
export type AuthCodes = z.infer<typeof authCodesSchema>;

export const authCodeCheckSchema = z.object({ id: z.number(), code: z.string(), uses: z.number() });

const statusCounts = z.object({
  all: z.number(),
  review: z.number(),
  approved: z.number(),
  failed: z.number(),
  released: z.number(),
});
const topRow = z.object({
  id: z.number(),
  name: z.string(),
  pc_image: z.string(),
  today: z.number(),
  total: z.number(),
});

/** /api/developer/center: the developer centre's overview. */
export const developerCenterSchema = z.object({
  data_overview: z.object({
    plugin: statusCounts,
    theme: statusCounts,
    download_total: z.number(),
    download_unique: z.number(),
    download_today: z.number(),
    feedback_count: z.number(),
  }),
  download_score: z.object({
    days: z.array(z.string()),
    series: z.array(
      z.object({
        id: z.number(),
        version_id: z.number(),
        version: z.string(),
        name: z.string(),
        data: z.array(z.number()),
        unique: z.array(z.number()),
      }),
    ),
  }),
  review_plugins_list: z.array(topRow),
  review_theme_list: z.array(topRow),
  queue: z.array(
    z.object({
      id: z.number(),
      type: kind,
      name: z.string(),
      position: z.number(),
      held: z.boolean(),
      submit_time: time,
    }),
  ),
  queue_total: z.number(),
  notices: z.array(
    z.object({
      id: z.number(),
      app_id: z.number(),
      type: kind,
      name: z.string(),
      action: z.enum(['submit', 'approve', 'reject', 'publish']),
      status: z.number(),
      version: z.string(),
      remarks: z.string(),
      time,
    }),
  ),
  feedback: feedbackPageSchema,
});
export type DeveloperCenter = z.infer<typeof developerCenterSchema>;
