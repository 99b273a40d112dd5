import { otherMethods } from '@/server/http/methods';
import { centerRoute } from '@/server/market/routes';

export const POST = centerRoute('plugin');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
