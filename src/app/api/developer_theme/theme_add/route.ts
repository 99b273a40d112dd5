import { otherMethods } from '@/server/http/methods';
import { addRoute } from '@/server/market/routes';

export const POST = addRoute('theme');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
