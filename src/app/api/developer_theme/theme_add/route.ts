import { addRoute } from '@/server/market/routes';

export const POST = addRoute('theme');
