import 'server-only';
import { strToU8, zipSync } from 'fflate';
import type { ReleaseEdition, ReleaseKind } from '@/contract/content';
import { demoStaticFiles } from '../domain/official/demo-files';

export type DemoRelease = {
  edition: ReleaseEdition;
  kind: ReleaseKind;
  version: string;
  date: string;
  notes: { 'zh-cn': string; 'en-us': string };
};

export const DEMO_RELEASES: DemoRelease[] = [
  {
    edition: 'pro',
    kind: 'install',
    version: '2025.1000.4050',
    date: '2025-06-18',
    notes: {
      'zh-cn': '新增多语言包切换；采集任务支持断点续采；修复后台登录页在 PHP 8.2 下的提示。',
      'en-us':
        'Language packs can be switched; collection jobs resume where they stopped; fixed a login notice on PHP 8.2.',
    },
  },
  {
    edition: 'v8',
    kind: 'upgrade',
    version: '2022.1000.3050',
    date: '2025-07-02',
    notes: {
      'zh-cn': 'V8 安全补丁：修复模板标签注入，覆盖站点文件即可清除已知后门。',
      'en-us':
        'V8 security patch: fixes template-tag injection; overwriting the site files removes the known backdoor.',
    },
  },
  {
    edition: 'v10',
    kind: 'upgrade',
    version: '2024.1000.2062',
    date: '2025-08-20',
    notes: {
      'zh-cn': 'V10 升级包：修复播放器配置越权写入，更新采集接口的 HTTPS 校验。',
      'en-us':
        'V10 upgrade: fixes an unauthorised player-config write and tightens HTTPS checks in the collector.',
    },
  },
  {
    edition: 'pro',
    kind: 'upgrade',
    version: '2025.1000.4052',
    date: '2025-10-09',
    notes: {
      'zh-cn': '从 4050 升级：存储接口支持 S3 兼容对象存储；定时任务新增失败重试。',
      'en-us':
        'Upgrade from 4050: the storage interface supports S3-compatible object storage; scheduled tasks retry on failure.',
    },
  },
  {
    edition: 'pro',
    kind: 'install',
    version: '2025.1000.4052',
    date: '2025-10-09',
    notes: {
      'zh-cn': '完整安装包：存储接口支持 S3 兼容对象存储；定时任务新增失败重试；模板标签文档更新。',
      'en-us':
        'Full install package: S3-compatible storage, retrying scheduled tasks, updated template-tag docs.',
    },
  },
];

const FIXED_TIME = new Date('2025-01-01T00:00:00Z');

/** A real, small zip of a release: enough files that unpacking it shows what it is. */
export function buildPackage(release: DemoRelease): { fileName: string; bytes: Uint8Array } {
  const name = `maccms-${release.edition}-${release.kind}-${release.version}`;
  const files: Record<string, Uint8Array> = {
    [`${name}/README.txt`]: strToU8(
      `MacCMS ${release.edition.toUpperCase()} ${release.version} (${release.kind})\n\n` +
        `${release.notes['en-us']}\n\n${release.notes['zh-cn']}\n\n` +
        'Requirements: PHP 5.6+, MySQL 5.5+, Windows / macOS / Linux, PHP safe mode off.\n',
    ),
    [`${name}/application/extra/version.php`]: strToU8(
      `<?php\nreturn ['code' => '${release.version}', 'edition' => '${release.edition}'];\n`,
    ),
  };
  // The CMS's static scripts: the domain checks derive the official files from the packages.
  for (const [path, text] of Object.entries(demoStaticFiles(release.edition, release.version))) {
    files[`${name}/${path}`] = strToU8(text);
  }
  if (release.kind === 'install') {
    files[`${name}/install.php`] = strToU8(
      "<?php\n// Opens the installer: check the environment, then write config/database.php.\nheader('Location: install/index.php');\n",
    );
  }
  return { fileName: `${name}.zip`, bytes: zipSync(files, { mtime: FIXED_TIME, level: 6 }) };
}
