import 'server-only';
import { AppError } from '../errors';
import { readContext } from './context';
import { fail } from './envelope';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];
export type Route = (request: Request) => Promise<Response>;

/**
 * The methods a route does not serve, answering 405 with the envelope and an `Allow` header (Next
 * would answer an empty 405, which no client can read), and OPTIONS naming only the served ones
 * (Next's would list these too). A route file exports them beside its own:
 * `export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');`
 */
export function otherMethods<M extends Method>(
  ...allowed: M[]
): Record<Exclude<Method, M> | 'OPTIONS', Route> {
  const allow = allowed.join(', ');
  const refuse: Route = async (request) => {
    const error = new AppError('method_not_allowed', 'api.methodNotAllowed', { allow });
    const response = fail(readContext(request).locale, error);
    response.headers.set('allow', allow);
    return response;
  };
  const options: Route = async () =>
    new Response(null, { status: 204, headers: { allow: [...allowed, 'OPTIONS'].join(', ') } });
  const rest = METHODS.filter((m) => !(allowed as readonly Method[]).includes(m));
  return { ...Object.fromEntries(rest.map((m) => [m, refuse])), OPTIONS: options } as Record<
    Exclude<Method, M> | 'OPTIONS',
    Route
  >;
}
