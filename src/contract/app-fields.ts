import { z } from 'zod';
import { KINDS } from './market';

/**
 * The fields a developer fills in for a plugin or theme version, as every answer about it carries
 * them: the pipeline's detail (developer-output.ts) and the store's detail (store-answers.ts).
 */
export const appFieldsSchema = z.object({
  id: z.number(),
  type: z.enum(KINDS),
  name: z.string(),
  describe: z.string(),
  version: z.string(),
  support_version: z.string(),
  system_version: z.string(),
  device: z.number(),
  /** 0 free, 1 paid (a licence code before download). */
  toll: z.number(),
  /** The languages in words; the CMS shows a dash word when empty. */
  langs: z.string(),
  lang_list: z.array(z.string()),
  langs_count: z.number(),
  qq: z.string(),
  wechat: z.string(),
  user_id: z.number(),
  user_name: z.string(),
  /** An http(s) URL or ''. */
  user_domain: z.string(),
});
