import 'server-only';
import { type Locale, toLocale } from '@/contract/locales';
import { env } from '../config/env';
import { findSessionUser } from '../identity/sessions';
import { readCookie } from './cookies';
import { clientAddress } from './forwarded';

export type RequestContext = {
  locale: Locale;
  token: string;
  clientId: string;
  ip: string;
  now: Date;
};

/** Reads who is calling and in which language; the session itself is resolved lazily. */
export function readContext(request: Request): RequestContext {
  const h = request.headers;
  return {
    locale: toLocale(h.get('lang')),
    token: h.get('token')?.trim() || readCookie(h.get('cookie'), env().PRODUCT) || '',
    clientId: (h.get('x-client-id') ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64),
    ip: clientAddress(h),
    now: new Date(),
  };
}

export const callerOf = (ctx: RequestContext) =>
  ctx.token ? findSessionUser(ctx.token, ctx.now) : undefined;
