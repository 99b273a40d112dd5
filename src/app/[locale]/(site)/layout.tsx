import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ClientMessages } from '@/i18n/ClientMessages';

/**
 * The application areas (market, domain checks, resources, user, admin) hand every message to their
 * client components; the public content pages, in (content), send only what theirs read.
 */
export default async function SiteLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  setRequestLocale((await params).locale);
  return <ClientMessages namespaces="all">{children}</ClientMessages>;
}
