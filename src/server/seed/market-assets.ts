import 'server-only';
import { deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { crc32 } from '../market/zip/crc32';

const enc = (s: string) => new TextEncoder().encode(s);

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const body = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

/** A diagonal two-colour gradient PNG with a light band, made in code for the demo items. */
export function demoPng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
) {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const k = (x / width + y / height) / 2;
      const band = Math.abs(y - height * 0.62) < height * 0.08 ? 40 : 0;
      for (let c = 0; c < 3; c++)
        row[1 + x * 3 + c] = Math.min(255, Math.round(from[c]! * (1 - k) + to[c]! * k) + band);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const png = Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', new Uint8Array()),
  ]);
  return new Uint8Array(png);
}

/** A plugin zip as the CMS unpacks it: `name/Name.php` plus an info file. */
export function demoPluginZip(folder: string, title: string) {
  const cls = `${folder.charAt(0).toUpperCase()}${folder.slice(1)}`;
  return zipSync({
    [`${folder}/${cls}.php`]: enc(
      `<?php\nnamespace addons\\${folder};\n\nuse think\\Addons;\n\n/** ${title} */\nclass ${cls} extends Addons\n{\n    public function install() { return true; }\n    public function uninstall() { return true; }\n}\n`,
    ),
    [`${folder}/info.ini`]: enc(`name = ${folder}\ntitle = ${title}\nversion = 1.0.0\nstate = 1\n`),
    [`${folder}/config.php`]: enc('<?php\nreturn [];\n'),
  });
}

/** A theme zip that unpacks into the CMS's template/<name>/. */
export function demoThemeZip(folder: string, title: string) {
  return zipSync({
    [`${folder}/info.ini`]: enc(`name = ${title}\nauthor = MacCMS\nversion = 1.0.0\n`),
    [`${folder}/html/index/index.html`]: enc(
      '{include file="public/include"}\n<main>{maccms:vod num="12"}</main>\n',
    ),
    [`${folder}/html/public/include.html`]: enc(
      '<link rel="stylesheet" href="{$maccms.path_tpl}static/css/style.css">\n',
    ),
    [`${folder}/static/css/style.css`]: enc('body{margin:0;font-family:sans-serif}\n'),
  });
}
