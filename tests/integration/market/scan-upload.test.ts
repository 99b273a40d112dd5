import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as upload } from '@/app/api/developer/upload/route';
import { POST as auditDetail } from '@/app/api/developer_plugins/audit_detail/route';
import { POST as pluginsAdd } from '@/app/api/developer_plugins/plugins_add/route';
import { POST as pluginsDetail } from '@/app/api/developer_plugins/plugins_detail/route';
import { corpusZip, loadCorpus } from '../../fixtures/webshells/corpus';
import { craftZip } from '../../fixtures/zips/craft';
import { twoEndRecords } from '../../fixtures/zips/hostile';
import { type Registered, registerUser } from '../../support/factories';
import { callApi, callMultipart, fields, file, PNG, registerAdmin, storedFiles } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type Check = { level: string; key: string; text: string; file: string; line: number; snippet: string };
type Uploaded = { key: string; report: { held: boolean; checks: Check[] } };

const enc = (s: string) => new TextEncoder().encode(s);
const corpus = loadCorpus();
const send = (dev: Registered, bytes: Uint8Array, kind = 'plugin', lang = 'en-us') =>
  callMultipart<Uploaded>(
    upload,
    { file: file(bytes, 'demo.zip'), type: 'source', kind },
    { token: dev.token, lang },
  );

describe('the webshell corpus through POST /api/developer/upload', () => {
  // Developers enough for the corpus: the upload limit is 120 an hour per account.
  const devs: Registered[] = [];
  const PER_DEV = 100;
  const held = corpus.filter((i) => i.held);
  const clean = corpus.filter((i) => !i.held);
  beforeAll(async () => {
    const need = Math.ceil(held.length / PER_DEV) + Math.ceil(clean.length / PER_DEV);
    for (let i = 0; i < need; i++) devs.push(await registerUser());
  });
  const heldDev = (item: (typeof corpus)[number]) => devs[Math.floor(held.indexOf(item) / PER_DEV)]!;
  const cleanDev = (item: (typeof corpus)[number]) =>
    devs[Math.ceil(held.length / PER_DEV) + Math.floor(clean.indexOf(item) / PER_DEV)]!;

  it.each(held.map((i) => [i.id, i] as const))('holds %s and tells why, with the line', async (_id, item) => {
    const res = await send(heldDev(item), corpusZip(item), item.kind);
    expect(res.code).toBe(1);
    expect(res.info.report.held).toBe(true);
    const holds = res.info.report.checks.filter((c) => c.level === 'hold');
    for (const key of item.expect) expect(holds.map((c) => c.key.split('.').pop())).toContain(key);
    for (const c of holds) {
      expect(c.text).toMatch(/^Held: /);
      expect(c.text).not.toMatch(/\{\w+\}/);
      expect(c.file).not.toBe('');
      if (c.key.startsWith('scan.')) expect(c.line).toBeGreaterThan(0);
    }
  });

  it.each(clean.map((i) => [i.id, i] as const))('lets the clean %s through', async (_id, item) => {
    const res = await send(cleanDev(item), corpusZip(item), item.kind);
    expect(res.code).toBe(1);
    expect(res.info.report.checks.filter((c) => c.level !== 'pass')).toEqual([]);
    expect(res.info.report.held).toBe(false);
  });
});

describe('evidence for the developer and the reviewer', () => {
  it('shows file, line and snippet in the developer centre and on the audit page, in their language', async () => {
    const dev = await registerUser();
    const admin = await registerAdmin();
    const shell = `<?php\n// tool\n$f = "sys" . "tem";\n$f($_GET['c']); // <img src=x onerror=alert(1)>\n`;
    const bytes = zipSync({
      'shelly/Shelly.php': enc('<?php class Shelly {}'),
      'shelly/info.ini': enc('name=shelly'),
      'shelly/tool.php': enc(shell),
    });
    const added = await callMultipart<{ id: number; held: boolean }>(
      pluginsAdd,
      { ...fields(), source: file(bytes, 'shelly.zip'), pc_image: file(PNG, 't.png') },
      { token: dev.token, lang: 'en-us' },
    );
    expect(added.info.held).toBe(true);
    const mine = await callApi<{ report: { checks: Check[] } }>(pluginsDetail, {
      json: { id: added.info.id },
      token: dev.token,
      lang: 'en-us',
    });
    const finding = mine.info.report.checks.find((c) => c.key === 'scan.commandInput');
    expect(finding).toMatchObject({
      text: expect.stringMatching(
        /^Held: system runs a shell command taken from the request \(\$_GET\) in .*tool\.php$/,
      ),
      line: 4,
      snippet: `$f($_GET['c']); // <img src=x onerror=alert(1)>`,
    });
    const audit = await callApi<{ report: { checks: Check[] } }>(auditDetail, {
      json: { id: added.info.id },
      token: admin.token,
      lang: 'zh-cn',
    });
    expect(audit.info.report.checks.find((c) => c.key === 'scan.commandInput')).toMatchObject({
      text: expect.stringMatching(/^已暂停：.*tool\.php 中 system 执行来自请求（\$_GET）的系统命令$/),
      line: 4,
    });
  });
});

describe('zip integrity through the upload', () => {
  const MAIN = { name: 'Demo.php', data: enc('<?php class Demo {}') };
  const INI = { name: 'info.ini', data: enc('name = demo') };
  const cases: [string, Uint8Array, string, string][] = [
    [
      'a local header naming another file',
      craftZip([MAIN, INI, { name: 'a.txt', localName: 'a.php', data: enc('<?php system($_GET[c]);') }]),
      'The zip is inconsistent: a.txt is stored under a different name than its directory lists',
      '压缩包结构不一致：a.txt 实际存储的文件名与目录记录不同',
    ],
    [
      'a lying declared size',
      craftZip([MAIN, INI, { name: 'pad.bin', data: new Uint8Array(5_000_000), deflate: true, size: 100 }]),
      'pad.bin does not unpack to the size the zip declares',
      'pad.bin 解压后的大小与压缩包声明的不符',
    ],
    [
      'a wrong checksum',
      craftZip([MAIN, INI, { name: 'logo.png', data: enc('png'), crc: 7 }]),
      'logo.png is damaged: its checksum does not match',
      'logo.png 已损坏：校验和不匹配',
    ],
    [
      'a file listed twice',
      craftZip([MAIN, { name: 'x.php', data: enc('<?php') }, { name: 'x.php', data: enc('<?php') }]),
      'The package holds x.php twice',
      '压缩包中 x.php 出现了两次',
    ],
    [
      'a second end record that lists a hidden file',
      twoEndRecords(),
      'The zip holds more than one end record, so other programs may unpack other files: pack the package again',
      '压缩包含有多个结束记录，其他程序可能解压出不同的文件：请重新打包',
    ],
    [
      'two names that differ only in letter case',
      craftZip([
        MAIN,
        INI,
        { name: 'Secplug.php', data: enc('<?php') },
        { name: 'secplug.php', data: enc('<?php') },
      ]),
      'secplug.php and Secplug.php differ only in letter case or Unicode form: many servers store them as one file',
      'secplug.php 与 Secplug.php 仅大小写或 Unicode 形式不同，在许多服务器上会成为同一个文件',
    ],
  ];

  it.each(cases)('refuses %s in the caller language and keeps nothing', async (_name, bytes, en, zh) => {
    const dev = await registerUser();
    const before = storedFiles();
    expect(await send(dev, bytes)).toMatchObject({ status: 200, code: 0, msg: en });
    expect(await send(dev, bytes, 'plugin', 'zh-cn')).toMatchObject({ code: 0, msg: zh });
    expect(storedFiles()).toEqual(before);
  });
});
