import { otherMethods } from '@/server/http/methods';
import { serveProvide } from '@/server/resource/provide-route';

export const GET = (request: Request) => serveProvide(request);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
