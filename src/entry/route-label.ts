/**
 * A bounded label for a request's route in the metrics: ids and keys become placeholders, static
 * files one label, and anything that found no route one label, so no client can grow the series.
 */
const WILD =
  /^\/(api\/developer\/file|api\/developer\/feedback_media|api\/market\/package|resource-api\/provide\/vod)\//;

export function routeLabel(pathname: string, status: number): string {
  if (status === 404) return 'unmatched';
  if (pathname.startsWith('/_next/')) return '/_next/*';
  const wild = WILD.exec(pathname);
  if (wild) return `/${wild[1]}/*`;
  const path = pathname
    .replace(/^\/(zh-tw|en-us)(?=\/|$)/, '')
    .replace(/^\/(yapi|dapi)\/[^/]+/, '/$1/:product');
  const parts = path.split('/').filter(Boolean).slice(0, 4);
  return `/${parts.map((p) => (/^\d+$/.test(p) || p.length > 40 ? ':id' : p)).join('/')}`;
}
