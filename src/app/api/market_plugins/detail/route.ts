import { storeDetailRoute } from '@/server/market/store/routes';

export const POST = storeDetailRoute('plugin');
export const GET = POST;
