import 'server-only';
import { XMLBuilder } from 'fast-xml-parser';

// Characters XML 1.0 cannot carry at all, whatever the escaping.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text XML can carry: characters it cannot hold at all are dropped. */
export const xmlText = (value: string) => value.replace(INVALID_XML, '');

/** A CDATA section holding `value` whole (a `]]>` inside is split across two sections). */
export const cdata = (value: string) => ({ __cdata: xmlText(value).replaceAll(']]>', ']]]]><![CDATA[>') });

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  cdataPropName: '__cdata',
  suppressEmptyNode: false,
  processEntities: true,
});

/**
 * An XML document from a plain object (fast-xml-parser's builder): `@_name` keys are attributes,
 * `#text` an element's text, cdata() a CDATA section, arrays repeated elements; text is escaped.
 */
export const buildXml = (document: Record<string, unknown>) =>
  `<?xml version="1.0" encoding="utf-8"?>${builder.build(document) as string}`;
