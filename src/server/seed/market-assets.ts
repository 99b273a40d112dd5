import 'server-only';
import { zipSync } from 'fflate';

const enc = (s: string) => new TextEncoder().encode(s);

/** A plugin zip as the CMS unpacks it: `name/Name.php` plus an info file. */
export function demoPluginZip(folder: string, title: string, version = '1.0.0') {
  const cls = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}`;
  return zipSync({
    [`${folder}/${cls}.php`]: enc(
      `<?php\nnamespace addons\\${folder};\n\nuse think\\Addons;\n\n/** ${title} */\nclass ${cls} extends Addons\n{\n    public function install() { return true; }\n    public function uninstall() { return true; }\n    public function enable() { return true; }\n    public function disable() { return true; }\n}\n`,
    ),
    [`${folder}/info.ini`]: enc(`name = ${folder}\ntitle = ${title}\nversion = ${version}\nstate = 1\n`),
    [`${folder}/config.php`]: enc('<?php\nreturn [];\n'),
  });
}

/** A theme zip that unpacks into the CMS's template/<name>/. */
export function demoThemeZip(folder: string, title: string, version = '1.0.0') {
  return zipSync({
    [`${folder}/info.ini`]: enc(`name = ${title}\nauthor = MacCMS\nversion = ${version}\n`),
    [`${folder}/html/index/index.html`]: enc(
      '{include file="public/include"}\n<main>{maccms:vod num="12"}</main>\n',
    ),
    [`${folder}/html/public/include.html`]: enc(
      '<link rel="stylesheet" href="{$maccms.path_tpl}static/css/style.css">\n',
    ),
    [`${folder}/static/css/style.css`]: enc('body{margin:0;font-family:sans-serif}\n'),
  });
}
