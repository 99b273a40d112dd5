import { otherMethods } from '@/server/http/methods';
import { doAuditRoute } from '@/server/market/routes';

export const POST = doAuditRoute('plugin');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
