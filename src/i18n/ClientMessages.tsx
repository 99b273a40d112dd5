import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages, SHELL_NAMESPACES } from './client-messages';

/**
 * Hands the client components below it the shell's messages plus `namespaces` (none: the shell's
 * only). Without `namespaces === 'all'` a page's HTML no longer carries every area's texts.
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
