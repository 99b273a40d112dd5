import 'server-only';
import { streamFile } from '../serve-file';
import { ticketPackage } from './tickets';

const notFound = { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } };

export async function servePaidPackage(token: string): Promise<Response> {
  const pkg = await ticketPackage(token, new Date());
  // Read by the CMS's downloader and by people: one line in both languages.
  if (!pkg)
    return new Response(
      '下载链接已过期或不存在 / This download link has expired or does not exist',
      notFound,
    );
  return streamFile(pkg.key, { type: 'application/zip', download: `${pkg.folder}.zip`, shared: false });
}
