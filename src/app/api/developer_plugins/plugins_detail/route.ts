import { otherMethods } from '@/server/http/methods';
import { detailRoute } from '@/server/market/routes';

export const POST = detailRoute('plugin');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
