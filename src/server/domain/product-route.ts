import 'server-only';
import { env } from '../config/env';
import { notFoundRoute } from '../http/handler';

type Route = (request: Request) => Promise<Response>;
export type ProductContext = { params: Promise<{ product: string }> };

/**
 * `/yapi/{PRODUCT}/…` and `/dapi/{PRODUCT}pro/…`: the product segment comes from configuration,
 * so the route is dynamic and answers a 404 envelope for any other product.
 */
export function forProduct(suffix: '' | 'pro', route: Route) {
  return async (request: Request, { params }: ProductContext): Promise<Response> => {
    const { product } = await params;
    if (product !== `${env().PRODUCT}${suffix}`) return notFoundRoute(request);
    return route(request);
  };
}
