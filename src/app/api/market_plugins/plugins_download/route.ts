import { otherMethods } from '@/server/http/methods';
import { storeDownloadRoute } from '@/server/market/store/routes';

export const POST = storeDownloadRoute('plugin');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
