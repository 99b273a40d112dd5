import { otherMethods } from '@/server/http/methods';
import { storeDetailRoute } from '@/server/market/store/routes';

export const POST = storeDetailRoute('theme');
export const GET = POST;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
