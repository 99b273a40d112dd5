import { otherMethods } from '@/server/http/methods';
import { servePaidPackage } from '@/server/market/store/serve-package';

type Params = { params: Promise<{ token: string; file: string }> };

/** A paid package behind the short-lived link that plugins_download / theme_download handed out. */
export async function GET(request: Request, { params }: Params) {
  return servePaidPackage((await params).token, request);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
