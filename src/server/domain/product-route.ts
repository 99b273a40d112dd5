import 'server-only';
import { env } from '../config/env';
import { AppError } from '../errors';

type ProductArgs = { params: Record<string, string | string[]> };

/**
 * `/yapi/{PRODUCT}/…` and `/dapi/{PRODUCT}pro/…`: the product segment comes from configuration, so
 * the route is dynamic and a run for any other product answers the 404 envelope. The guard wraps the
 * operation's run function, so input checks, the caller and the declared limits come first:
 * `serve(domainIsfake, forProduct('', authenticity))`.
 */
export function forProduct<A extends ProductArgs, R>(suffix: '' | 'pro', run: (args: A) => Promise<R>) {
  return async (args: A): Promise<R> => {
    if (args.params.product !== `${env().PRODUCT}${suffix}`) throw new AppError('not_found', 'api.notFound');
    return run(args);
  };
}
