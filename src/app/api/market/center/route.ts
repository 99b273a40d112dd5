import { otherMethods } from '@/server/http/methods';
import { storeCenterRoute } from '@/server/market/store/routes';

/** The store list: the CMS admin's app market and the portal's pages (released items only). */
export const POST = storeCenterRoute;
export const GET = storeCenterRoute;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
