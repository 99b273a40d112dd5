import 'server-only';
import { zipSync } from 'fflate';
import { mainFile } from '@/contract/package-layout';

const enc = (s: string) => new TextEncoder().encode(s);
type Files = Record<string, Uint8Array>;

/** Puts every file under `folder/`: how a developer who zips the whole folder sends a package. */
const inFolder = (folder: string, files: Files): Files =>
  Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`${folder}/${name}`, bytes]));

/**
 * A plugin zip as the CMS installs it: `Name.php`, `info.ini` and the rest at the root.
 * `zippedFolder` sends it the way many developers zip it (the market repacks it).
 */
export function demoPluginZip(folder: string, title: string, version = '1.0.0', zippedFolder = false) {
  const cls = mainFile(folder).slice(0, -4);
  const files: Files = {
    [`${cls}.php`]: enc(
      `<?php\nnamespace addons\\${folder};\n\nuse think\\Addons;\n\n/** ${title} */\nclass ${cls} extends Addons\n{\n    public function install() { return true; }\n    public function uninstall() { return true; }\n    public function enable() { return true; }\n    public function disable() { return true; }\n}\n`,
    ),
    'info.ini': enc(
      `name = ${folder}\ntitle = ${title}\nintro = ${title}\nauthor = MacCMS Pro\nversion = ${version}\nstate = 0\n`,
    ),
    'config.php': enc('<?php\nreturn [];\n'),
  };
  return zipSync(zippedFolder ? inFolder(folder, files) : files);
}

/** A theme zip as the CMS installs it into template/<name>/: `info.ini`, `html/`, `static/` at the root. */
export function demoThemeZip(folder: string, title: string, version = '1.0.0', zippedFolder = false) {
  const files: Files = {
    'info.ini': enc(`name = ${title}\nauthor = MacCMS\nversion = ${version}\n`),
    'html/index/index.html': enc('{include file="public/include"}\n<main>{maccms:vod num="12"}</main>\n'),
    'html/public/include.html': enc(
      '<link rel="stylesheet" href="{$maccms.path_tpl}static/css/style.css">\n',
    ),
    'static/css/style.css': enc('body{margin:0;font-family:sans-serif}\n'),
  };
  return zipSync(zippedFolder ? inFolder(folder, files) : files);
}
