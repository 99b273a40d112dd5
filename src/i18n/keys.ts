import { type TranslationValues, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { Messages } from './messages';

/**
 * Translation keys are checked at compile time (next-intl's AppConfig below): `t('…')` naming a
 * message that does not exist fails `npm run typecheck`.
 */
declare module 'next-intl' {
  interface AppConfig {
    Messages: Messages;
  }
}

/** The keys of one namespace (`KeyOf<'nav'>`), for configuration that names messages. */
export type KeyOf<Namespace extends keyof Messages> = keyof Messages[Namespace] & string;

/** Any next-intl translator, whatever its namespace (hooks' and getTranslations' alike). */
type Translator = ((key: never, values?: never) => string) & { has: (key: never) => boolean };

/**
 * Text for a key known only at run time: a zod issue's message, a code from the API or from
 * content configuration. The one place such a key leaves the compiler's checks; an unknown key
 * falls back to `fallback` (the key itself by default), never to next-intl's missing-message text.
 * For async server components, which have their translator from getTranslations().
 */
export function keyText(t: Translator, key: string, values?: TranslationValues, fallback = key): string {
  return t.has(key as never) ? t(key as never, values as never) : fallback;
}

/** keyText() for components: `namespace` prefixes every key, as useTranslations(namespace) does. */
export function useKeyText(namespace?: string) {
  const t = useTranslations(namespace as never) as unknown as Translator;
  return useCallback(
    (key: string, values?: TranslationValues, fallback = key) => keyText(t, key, values, fallback),
    [t],
  );
}
