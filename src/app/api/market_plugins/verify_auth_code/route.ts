import { otherMethods } from '@/server/http/methods';
import { storeVerifyRoute } from '@/server/market/store/routes';

export const POST = storeVerifyRoute('plugin');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
