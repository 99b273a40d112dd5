import { otherMethods } from '@/server/http/methods';
import { addRoute } from '@/server/market/routes';

export const POST = addRoute('plugin');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
