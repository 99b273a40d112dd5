/**
 * The host name Next builds its own request URLs with. Next renames every loopback address
 * (127.x.x.x, ::1) to `localhost` when it reads a URL in the proxy (middleware), but not when it
 * builds the URL it compares the proxy's rewrites against. Given `127.0.0.1`, the locale rewrite of an
 * unprefixed page (`/` to `/zh-cn`) then looks like a rewrite to another origin: Next forwards it
 * over HTTP, the proxy answers the prefixed default language with a redirect back to `/`, and the
 * browser loops. Naming a loopback bind address `localhost` for Next keeps both URLs on one origin;
 * the server still binds the address given.
 */
export function nextHostname(bindHost: string): string {
  const bare = bindHost.replace(/^\[(.*)\]$/, '$1');
  if (/^127(\.\d{1,3}){3}$/.test(bare) || bare === '::1') return 'localhost';
  return bindHost;
}
