import { describe, expect, it } from 'vitest';
import { packageInfo, readIni } from './info-ini';

describe('info.ini', () => {
  it('reads keys as parse_ini_file does: quotes, comments, a BOM, the first line of a key', () => {
    const ini = readIni(
      '\uFEFF; comment\n[info]\nname = "demo"\r\ntitle = Demo ; shown\nname = other\nintro = \'a; b\'\n',
    );
    expect(Object.fromEntries(ini)).toEqual({ name: 'demo', title: 'Demo', intro: 'a; b' });
  });

  it("takes a plugin's folder from name and its display name from title, a theme's from name", () => {
    const text = 'name = demo\ntitle = Demo Plugin\nversion = 1.2\ndescription = Does things\nauthor = Me';
    expect(packageInfo('plugin', text)).toEqual({
      name: 'Demo Plugin',
      folder: 'demo',
      version: '1.2',
      intro: 'Does things',
      author: 'Me',
    });
    expect(packageInfo('theme', 'name = Night\nversion = 2.0')).toEqual({
      name: 'Night',
      folder: '',
      version: '2.0',
      intro: '',
      author: '',
    });
  });
});
