import { auditDetailRoute } from '@/server/market/routes';

export const POST = auditDetailRoute('theme');
