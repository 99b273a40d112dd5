/**
 * Fills messages/zh-tw/*.json from messages/zh-cn/*.json: keys already in zh-tw keep their
 * hand-written text, missing ones are converted (Simplified → Traditional, Taiwan phrasing) by OpenCC.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as OpenCC from 'opencc-js';

type Tree = { [key: string]: string | Tree };

const root = path.join(process.cwd(), 'messages');
const read = (file: string): Tree => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });

function merge(source: Tree, existing: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(source)) {
    const have = existing[key];
    if (typeof value === 'string') out[key] = typeof have === 'string' ? have : convert(value);
    else out[key] = merge(value, typeof have === 'object' ? have : {});
  }
  return out;
}

for (const name of fs.readdirSync(path.join(root, 'zh-cn')).filter((f) => f.endsWith('.json'))) {
  const target = path.join(root, 'zh-tw', name);
  const result = merge(read(path.join(root, 'zh-cn', name)), read(target));
  fs.writeFileSync(target, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`messages/zh-tw/${name} updated`);
}
