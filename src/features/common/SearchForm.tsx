import { getLocale, getTranslations } from 'next-intl/server';
import { localizedPath, toLocale } from '@/contract/locales';
import { SearchField } from './SearchField';

type Props = {
  /** The page searched, without the locale prefix. */
  path: string;
  /** Where the field's label (also the button's text) and placeholder are: `search`, `searchPlaceholder`. */
  messages: 'content.docs' | 'content.help' | 'market.admin';
  className?: string;
  defaultValue: string;
  name?: string;
  maxLength?: number;
  id?: string;
  /** Other query parameters the search keeps; empty ones are left out. */
  keep?: Record<string, string>;
};

/** A plain GET search form (server-rendered): the search landmark, the field and its button. */
export async function SearchForm({
  path,
  messages,
  className,
  keep = {},
  name = 'q',
  maxLength = 100,
  ...field
}: Props) {
  const t = await getTranslations(messages);
  const action = localizedPath(toLocale(await getLocale()), path);
  return (
    <search>
      <form action={action} method="get" className={className}>
        {Object.entries(keep).map(
          ([key, value]) => value && <input key={key} type="hidden" name={key} value={value} />,
        )}
        <SearchField
          name={name}
          maxLength={maxLength}
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          {...field}
        />
        <button type="submit">{t('search')}</button>
      </form>
    </search>
  );
}
