/** The calls of this page (spec §7); the product segment comes from the server's configuration. */
export const domainPaths = (product: string) => ({
  isfake: `/yapi/${product}/isfake`,
  checkVersion: `/yapi/${product}/check_version`,
  checkInject: `/dapi/${product}pro/check_site_inject`,
  injectList: `/dapi/${product}pro/inject_site_list`,
  submitSample: `/dapi/${product}pro/submit_site_inject`,
});

/** "https://a.com/x" → ["https", "a.com/x"]; no scheme → the chosen protocol (default http). */
export function splitScheme(value: string, fallback: 'http' | 'https'): ['http' | 'https', string] {
  const m = /^\s*(https?):\/\/(.*)$/i.exec(value);
  if (!m) return [fallback, value.trim()];
  return [m[1]!.toLowerCase() as 'http' | 'https', m[2]!.trim()];
}
