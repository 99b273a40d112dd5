import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';

/**
 * The CMS admin's app market, step for step (docs/cms-contract.md, section 1: its Addon.php): every call is a POST of
 * form fields (curl with an array: multipart) with a `lang` header, and only HTTP 200 is an answer;
 * the package is fetched WITHOUT following redirects, saved as `file_name` and extracted into
 * `addons/<dir>/` (plugins) or `template/<dir>_tmp/` renamed to `template/<dir>/` (themes).
 */
export type Kind = 'plugin' | 'theme';
const TYPE = { plugin: 'plugins', theme: 'theme' } as const;
const API = {
  plugin: {
    detail: '/api/market_plugins/detail',
    verify: '/api/market_plugins/verify_auth_code',
    download: '/api/market_plugins/plugins_download',
  },
  theme: {
    detail: '/api/market_theme/detail',
    verify: '/api/market_theme/verify_auth_code',
    download: '/api/market_theme/theme_download',
  },
} as const;

type Envelope<T = Record<string, unknown>> = { code: number; msg: string; info: T };

export async function post<T = Record<string, unknown>>(
  base: string,
  route: string,
  fields: Record<string, string>,
  lang = 'zh-cn',
): Promise<Envelope<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    body: form,
    headers: { lang },
    redirect: 'manual',
  });
  if (res.status !== 200) throw new Error(`API error: ${route} answered HTTP ${res.status}`);
  return (await res.json()) as Envelope<T>;
}

/** Every item of a kind through /api/market/center, paged by the CMS's default limit. */
export async function listAll(base: string, kind: Kind) {
  const items: { id: number; name: string; toll: number }[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await post<{ list: { id: number; name: string; toll: number }[]; search_count: number }>(
      base,
      '/api/market/center',
      { name: '', page: String(page), limit: '20', sortBy: '', type: TYPE[kind] },
    );
    if (res.code !== 1) throw new Error(`center: ${res.msg}`);
    items.push(...res.info.list);
    if (items.length >= res.info.search_count || res.info.list.length === 0) break;
  }
  return items;
}

/** PHP's pathinfo($url, PATHINFO_EXTENSION): what follows the last dot of the last path segment. */
const phpExtension = (url: string) => {
  const name = url.slice(url.lastIndexOf('/') + 1);
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
};
const ucfirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** ZipArchive::extractTo: every entry under `target`, folders created as needed. */
function extractTo(zip: Uint8Array, target: string) {
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    const to = path.join(target, name);
    if (!to.startsWith(target)) throw new Error(`unsafe entry ${name}`);
    if (name.endsWith('/')) fs.mkdirSync(to, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, bytes);
    }
  }
}

export type Installed = { dir: string; path: string; downloadCalls: number };

/** One-click install of one item into the site folder `root`, as the CMS does it. */
export async function installLikeCms(args: {
  base: string;
  root: string;
  kind: Kind;
  id: number;
  licence?: string;
}) {
  const { base, root, kind, id, licence } = args;
  const type = TYPE[kind];
  let calls = 0;
  const detail = await post<{ detail: { source: string; file_name: string } }>(base, API[kind].detail, {
    id: String(id),
  });
  if (detail.code !== 1) throw new Error(`detail: ${detail.msg}`);
  let install: Record<string, string>;
  if (licence) {
    // licenseconvert: verify the code, then ask for the download with the same fields.
    const fields = { id: String(id), type, license: licence, code: licence };
    const verified = await post(base, API[kind].verify, fields);
    if (verified.code !== 1) throw new Error(`API:${verified.msg}`);
    const download = await post<{ source: string; file_name: string }>(base, API[kind].download, fields);
    calls++;
    if (download.code !== 1) throw new Error(`APP:${download.msg}`);
    install = { down_url: download.info.source, file_name: download.info.file_name };
  } else {
    install = {
      down_url: detail.info.detail.source,
      file_name: detail.info.detail.file_name,
      id: String(id),
      type,
    };
  }

  // downandinstalladdon / downandinstalltheme
  if (phpExtension(install.down_url ?? '') !== 'zip') throw new Error('应用扩展名必须是zip');
  if (!install.file_name) throw new Error('file_name参数丢失');
  const res = await fetch(install.down_url!, { redirect: 'manual' });
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.length === 0) throw new Error('下载失败');
  const folder = path.join(root, kind === 'plugin' ? 'addons' : 'template');
  fs.mkdirSync(folder, { recursive: true });
  const saved = path.join(folder, install.file_name);
  fs.writeFileSync(saved, body);
  const dir = path.basename(saved).slice(0, -4);
  const count = async () => {
    // The CMS posts the install fields again (to count); a paid install's fields name no type.
    if (!install.type) return;
    const again = await post(base, API[kind].download, install);
    calls++;
    if (again.code !== 1) throw new Error(`count: ${again.msg}`);
  };
  let zip: Uint8Array;
  try {
    zip = new Uint8Array(fs.readFileSync(saved));
    unzipSync(zip);
  } catch {
    throw new Error(`解压失败: HTTP ${res.status}, ${res.headers.get('content-type')}`);
  } finally {
    fs.rmSync(saved, { force: true });
  }
  if (kind === 'plugin') {
    if (fs.existsSync(path.join(folder, dir))) throw new Error('该应用已存在,请勿重复安装');
    extractTo(zip, path.join(folder, dir));
    if (!fs.existsSync(path.join(folder, dir, `${ucfirst(dir)}.php`)))
      throw new Error('应用目录结构异常,不能正常使用');
    await count();
  } else {
    const tmp = path.join(folder, `${dir}_tmp`);
    extractTo(zip, tmp);
    await count();
    fs.rmSync(path.join(folder, dir), { recursive: true, force: true });
    fs.renameSync(tmp, path.join(folder, dir));
  }
  return { dir, path: path.join(folder, dir), downloadCalls: calls } satisfies Installed;
}
