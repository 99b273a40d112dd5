import type { Route } from './api';

type ProductRoute = (
  request: Request,
  context: { params: Promise<{ product: string }> },
) => Promise<Response>;

/** A `[product]` route as Next calls it, with the product segment of the URL. */
export const withProduct =
  (route: ProductRoute, product = 'maccms'): Route =>
  (request) =>
    route(request, { params: Promise.resolve({ product }) });
