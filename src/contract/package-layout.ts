import type { Kind } from './market';

/**
 * How the CMS installs a market package (docs/cms-contract.md, section 1): it saves the download as `file_name`,
 * takes `<dir>` = file_name minus `.zip`, extracts the zip INTO `addons/<dir>/` (plugins) or
 * `template/<dir>/` (themes) and, for a plugin, requires `addons/<dir>/<Dir>.php`. So a package holds
 * its files at the zip's root and `<dir>` is the plugin's folder and class name.
 *
 * Its plugin loader only finds lower-case letters and digits (`demo_x` or `Demo` install, then fail
 * when enabled); template folders may also hold `_`.
 */
export const DIR_PATTERN: Record<Kind, RegExp> = {
  plugin: /^[a-z][a-z0-9]{0,39}$/,
  theme: /^[a-z][a-z0-9_]{0,39}$/,
};

/** `collector` → `Collector.php`: the CMS upper-cases the first letter only. */
export const mainFile = (dir: string) => `${dir.charAt(0).toUpperCase()}${dir.slice(1)}.php`;

/** Where the CMS puts a package once installed. */
export const installPath = (kind: Kind, dir: string) =>
  kind === 'plugin' ? `addons/${dir}/` : `template/${dir}/`;

/** The zip a package must be, drawn as a tree for messages, the add form and the docs. */
export function expectedTree(kind: Kind, dir = ''): string {
  if (kind === 'plugin') {
    const d = dir || 'demo';
    return [`${d}.zip`, `├── ${mainFile(d)}`, '├── info.ini', '├── config.php', '└── …'].join('\n');
  }
  const d = dir || 'mytheme';
  return [`${d}.zip`, '├── info.ini', '├── html/', '│   └── index/index.html', '├── static/', '└── …'].join(
    '\n',
  );
}
