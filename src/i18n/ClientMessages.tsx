import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages, SHELL_NAMESPACES } from './client-messages';

/**
 * Hands the client components below it the shell's messages plus `namespaces` (by default none), or
 * with `'all'` every message. Whatever is handed over travels in the page's HTML.
 */
export async function ClientMessages({
  namespaces = [],
  children,
}: {
  namespaces?: readonly string[] | 'all';
  children: ReactNode;
}) {
  const all = await getMessages();
  const messages = namespaces === 'all' ? all : pickMessages(all, [...SHELL_NAMESPACES, ...namespaces]);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
