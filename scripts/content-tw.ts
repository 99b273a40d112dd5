/**
 * Writes content/**\/zh-tw.md from zh-cn.md where no zh-tw file exists yet (OpenCC, Taiwan
 * phrasing); `--force` converts again. Hand-edit a zh-tw.md afterwards to fix awkward wording.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as OpenCC from 'opencc-js';

const convert = OpenCC.Converter({ from: 'cn', to: 'twp' });
const force = process.argv.includes('--force');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : e.name === 'zh-cn.md' ? [full] : [];
  });
}

for (const source of walk(path.join(process.cwd(), 'content'))) {
  const target = path.join(path.dirname(source), 'zh-tw.md');
  if (fs.existsSync(target) && !force) continue;
  fs.writeFileSync(target, convert(fs.readFileSync(source, 'utf8')));
  console.log(path.relative(process.cwd(), target));
}
