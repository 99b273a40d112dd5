import { auditListRoute } from '@/server/market/routes';

export const POST = auditListRoute('plugin');
