import 'server-only';
import { packageGone, streamFile } from '../serve-file';
import { ticketPackage } from './tickets';

export async function servePaidPackage(token: string, request: Request): Promise<Response> {
  const pkg = await ticketPackage(token, new Date());
  if (!pkg) return packageGone(request);
  return streamFile(pkg.key, { type: 'application/zip', download: `${pkg.folder}.zip`, shared: false });
}
