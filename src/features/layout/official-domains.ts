/** The official domains as one phrase in the page's language ("a, b and c"). */
export const domainList = (domains: readonly string[], locale: string) =>
  new Intl.ListFormat(locale, { type: 'conjunction' }).format(domains);
