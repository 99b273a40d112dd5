import { otherMethods } from '@/server/http/methods';
import { serveMarketFile } from '@/server/market/serve-file';

type Params = { params: Promise<{ key: string[] }> };

export async function GET(request: Request, { params }: Params) {
  return serveMarketFile((await params).key.join('/'), request);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
