import { otherMethods } from '@/server/http/methods';
import { serveFeedbackMedia } from '@/server/market/feedback/serve';

type Params = { params: Promise<{ id: string; name: string }> };

/** A report's screenshot or video, for the item's developer and administrators only. */
export async function GET(request: Request, { params }: Params) {
  const { id, name } = await params;
  return serveFeedbackMedia(request, id, name);
}

export const HEAD = GET;

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
