import { otherMethods } from '@/server/http/methods';
import { auditDetailRoute } from '@/server/market/routes';

export const POST = auditDetailRoute('plugin');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
