import { otherMethods } from '@/server/http/methods';
import { auditListRoute } from '@/server/market/routes';

export const POST = auditListRoute('theme');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
