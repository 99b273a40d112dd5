import type { NextRequest } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';

const intl = createMiddleware(routing);

/**
 * Locale routing: zh-cn unprefixed, others prefixed, the visitor's choice kept in a cookie.
 * The browser's Accept-Language is not consulted: the portal opens in Chinese until a
 * visitor picks another language.
 */
export default function proxy(request: NextRequest) {
  request.headers.delete('accept-language');
  return intl(request);
}

export const config = {
  matcher: ['/((?!api|yapi|dapi|resource-api|_next|_vercel|.*\\..*).*)'],
};
