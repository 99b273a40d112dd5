import { storeVerifyRoute } from '@/server/market/store/routes';

export const POST = storeVerifyRoute('plugin');
