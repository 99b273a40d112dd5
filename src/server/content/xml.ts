import 'server-only';

const ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

/** Text or attribute value made safe inside XML (feeds, sitemap): `&` in query strings included. */
export const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ENTITIES[c]!);
