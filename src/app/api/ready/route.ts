import { otherMethods } from '@/server/http/methods';
import { readiness } from '@/server/ops/readiness';

/** Readiness for balancers: 200 when this node can take traffic, 503 with the reason when not. */
export const dynamic = 'force-dynamic';

export async function GET() {
  const info = await readiness();
  return Response.json(
    { code: info.ready ? 1 : 0, msg: info.ready ? 'ready' : 'not ready', info },
    { status: info.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
