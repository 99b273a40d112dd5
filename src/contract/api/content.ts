import { z } from 'zod';
import { releaseViewSchema } from '../content';
import { operation } from './operation';

/** The home page's download block: the latest install package and one upgrade per edition. */
export const releaseLatest = operation({
  id: 'releaseLatest',
  path: '/api/release/latest',
  methods: ['GET', 'POST'],
  caller: 'anonymous',
  area: 'content',
  summary: {
    'zh-cn': '最新的安装包和每个版本的最新升级包',
    'zh-tw': '最新的安裝包和每個版本的最新升級包',
    'en-us': 'The latest install package and the latest upgrade of each edition',
  },
  input: z.object({}),
  output: z.object({ install: releaseViewSchema.nullable(), upgrades: z.array(releaseViewSchema) }),
});

export const contentOperations = [releaseLatest];
