import { doAuditRoute } from '@/server/market/routes';

export const POST = doAuditRoute('plugin');
