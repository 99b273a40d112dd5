/**
 * Fills messages/zh-tw.json from zh-cn.json: keys already in zh-tw keep their hand-written
 * text, missing ones are converted (Simplified → Traditional, Taiwan phrasing) by OpenCC.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as OpenCC from 'opencc-js';

type Tree = { [key: string]: string | Tree };

const dir = path.join(process.cwd(), 'messages');
const read = (name: string): Tree =>
  fs.existsSync(path.join(dir, name)) ? JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) : {};

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

const result = merge(read('zh-cn.json'), read('zh-tw.json'));
fs.writeFileSync(path.join(dir, 'zh-tw.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('messages/zh-tw.json updated');
