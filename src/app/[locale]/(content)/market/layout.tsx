import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ClientMessages } from '@/i18n/ClientMessages';

/** The store's client components (filters, tabs, previews, the download dialog) read `store` messages. */
export default async function StoreLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  setRequestLocale((await params).locale);
  return <ClientMessages namespaces={['store', 'reviews']}>{children}</ClientMessages>;
}
