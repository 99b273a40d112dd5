import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { type ReactNode, Suspense } from 'react';
import { HTML_LANG } from '@/contract/locales';
import { ApiConfig } from '@/features/api/ApiConfig';
import { AuthDialogsProvider } from '@/features/auth/AuthDialogs';
import { SessionProvider } from '@/features/auth/SessionProvider';
import { ToastProvider } from '@/features/common/Toast';
import { Footer } from '@/features/layout/Footer';
import { Header } from '@/features/layout/Header';
import { LoadingBar } from '@/features/layout/LoadingBar';
import { ClientMessages } from '@/i18n/ClientMessages';
import { routing } from '@/i18n/routing';
import { shellUser } from '@/server/accounts/page-user';
import { siteConfig } from '@/server/content/site-config';
import './globals.css';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return {
    title: { default: t('title'), template: `%s - ${t('siteName')}` },
    description: t('description'),
  };
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'header' });
  const site = siteConfig();
  // Who is logged in, so the header shows the account in the first HTML, with no flash of the logged-out header. A visitor without
  // the cookie gets the same bytes as every other one: src/entry/page-cache serves those from memory.
  const user = await shellUser();
  return (
    <html lang={HTML_LANG[locale]}>
      <body>
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        <ClientMessages>
          <ApiConfig />
          <Suspense>
            {/* It reads the query to see a navigation end; alone behind this boundary, pages stay static. */}
            <LoadingBar />
          </Suspense>
          <ToastProvider>
            <SessionProvider initialUser={user}>
              <AuthDialogsProvider>
                <Header />
                <main id="main">{children}</main>
                <Footer
                  chatGroupUrl={site.chat_group_url}
                  licenses={site.licenses}
                  siteName={site.site_name}
                  contacts={site.contacts}
                  officialDomains={site.official_domains}
                />
              </AuthDialogsProvider>
            </SessionProvider>
          </ToastProvider>
        </ClientMessages>
      </body>
    </html>
  );
}
