import { centerRoute } from '@/server/market/routes';

export const POST = centerRoute('theme');
