import { type NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { alternateLinks } from './i18n/alternate-links';
import { routing } from './i18n/routing';
import { siteUrl } from './server/config/env';
import { dropUntrustedForwarding, servedOverHttps } from './server/http/forwarded';

const intl = createMiddleware(routing);

const API = /^\/(api|yapi|dapi|resource-api)(\/|$)/;
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Locale routing: zh-cn unprefixed, others prefixed, the visitor's choice kept in a cookie.
 * The browser's Accept-Language is not consulted: the portal opens in Chinese until a
 * visitor picks another language. Only that pick writes the cookie (the language menu, in the
 * browser): next-intl would also set it to whatever language a page is read in, and then one
 * English page sent every unprefixed (Chinese) link, even one in a mail, to English. Forwarding headers only a trusted proxy may set are dropped
 * (forwarded.ts), and pages served over https tell the browser to keep to https.
 */
export default function proxy(request: NextRequest) {
  dropUntrustedForwarding(request.headers);
  if (API.test(request.nextUrl.pathname)) return NextResponse.next({ request: { headers: request.headers } });
  request.headers.delete('accept-language');
  const response = intl(request);
  response.headers.delete('set-cookie');
  response.headers.delete('x-middleware-set-cookie');
  if (!response.headers.has('location'))
    response.headers.set('link', alternateLinks(request.nextUrl.pathname, siteUrl()));
  if (servedOverHttps(request.headers)) response.headers.set('strict-transport-security', HSTS);
  return response;
}

export const config = {
  matcher: [
    '/((?!api|yapi|dapi|resource-api|_next|_vercel|.*\\..*).*)',
    // API calls only when they carry X-Forwarded-For: without it Next writes the socket address
    // itself, and a proxied request's body is copied (next.config.ts, proxyClientMaxBodySize).
    { source: '/(api|yapi|dapi|resource-api)/:path*', has: [{ type: 'header', key: 'x-forwarded-for' }] },
  ],
};
