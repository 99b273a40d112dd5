import 'server-only';
import { streamFile } from '../serve-file';
import { ticketPackage } from './tickets';

export async function servePaidPackage(token: string): Promise<Response> {
  const pkg = await ticketPackage(token, new Date());
  if (!pkg) return new Response('This download link has expired or does not exist', { status: 404 });
  return streamFile(pkg.key, { type: 'application/zip', download: `${pkg.folder}.zip`, shared: false });
}
