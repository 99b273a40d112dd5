import { storeDownloadRoute } from '@/server/market/store/routes';

export const POST = storeDownloadRoute('theme');
