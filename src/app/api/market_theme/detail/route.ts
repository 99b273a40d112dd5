import { storeDetailRoute } from '@/server/market/store/routes';

export const POST = storeDetailRoute('theme');
export const GET = POST;
