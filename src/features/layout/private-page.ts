import 'server-only';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';

type RootTranslator = Awaited<ReturnType<typeof getTranslations<never>>>;
/** A message's full key (`user.links.resetTitle`), checked against the messages at compile time. */
export type MessageKey = Parameters<RootTranslator>[0];

type PageParams = { params: Promise<{ locale: string }>; searchParams?: Promise<{ id?: string }> };

/**
 * `generateMetadata` of a page search engines must not index (private pages, pages mail links lead
 * to): the title, and a description, from messages of the page's language. Pages reached from a
 * mail also send no referrer, so their link's key never leaves in a Referer header.
 */
export function privateMetadata(
  title: MessageKey,
  options: { description?: MessageKey; fromMail?: boolean; editTitle?: MessageKey } = {},
) {
  return async ({ params, searchParams }: PageParams): Promise<Metadata> => {
    const t = await getTranslations({ locale: (await params).locale });
    // A form page given `?id=` edits that record.
    const editing = options.editTitle && (await searchParams)?.id;
    return {
      title: t(editing ? options.editTitle! : title),
      ...(options.description && { description: t(options.description) }),
      robots: { index: false },
      ...(options.fromMail && { referrer: 'no-referrer' }),
    };
  };
}

/** Fixes the page's language for this request (next-intl reads it while rendering) and answers it. */
export async function pageLocale(params: PageParams['params']) {
  const { locale } = await params;
  setRequestLocale(locale);
  return locale;
}
