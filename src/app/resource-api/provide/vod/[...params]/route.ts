import { otherMethods } from '@/server/http/methods';
import { serveProvide } from '@/server/resource/provide-route';

type Params = { params: Promise<{ params: string[] }> };

/** `/resource-api/provide/vod/at/xml/ac/list/…`: the path style of the CMS's own API. */
export async function GET(request: Request, { params }: Params) {
  return serveProvide(request, (await params).params);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
