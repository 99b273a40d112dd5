import 'server-only';
import { invalid } from '../errors';

/**
 * The address a visitor typed, as a URL: http when no scheme is given (visitors type bare domains), only http(s),
 * a host with a dot or an IP, no credentials. Anything else is "The input address is incorrect".
 */
export function parseTarget(input: string): URL {
  const raw = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid('domain.badAddress');
  }
  const host = url.hostname.replace(/\.$/, '');
  const bracketed = host.startsWith('[');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('domain.badAddress');
  if (url.username || url.password || /\s/.test(raw)) throw invalid('domain.badAddress');
  if (!bracketed && !/^[a-z0-9.-]+$/i.test(host)) throw invalid('domain.badAddress');
  if (!bracketed && !host.includes('.') && host !== 'localhost') throw invalid('domain.badAddress');
  url.hash = '';
  return url;
}
