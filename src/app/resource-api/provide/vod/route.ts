import { serveProvide } from '@/server/resource/provide-route';

export const GET = (request: Request) => serveProvide(request);
