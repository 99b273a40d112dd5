import { otherMethods } from '@/server/http/methods';
/** Liveness for supervisors and balancers: the process answers. Nothing else is asked. */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(
    { code: 1, msg: 'ok', info: { status: 'alive', uptime: Math.round(process.uptime()) } },
    { headers: { 'cache-control': 'no-store' } },
  );
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
