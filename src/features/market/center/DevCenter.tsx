import { getTranslations } from 'next-intl/server';
import { listSchema } from '@/contract/market';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { LoginPrompt } from '@/features/user/LoginPrompt';
import { Link } from '@/i18n/navigation';
import { presentUser } from '@/server/accounts/present';
import { developerCenter } from '@/server/market/center';
import { listApps } from '@/server/market/list';
import { pageUser } from '@/server/market/page-session';
import { FeedbackSection } from '../feedback/FeedbackSection';
import styles from '../Market.module.css';
import { StatusTabs } from '../parts/StatusTabs';
import { AppTable } from './AppTable';
import { Overview } from './Overview';

/** /market/devCenter, rendered per request for the logged-in developer. */
export async function DevCenter({ query }: { query: Record<string, string | undefined> }) {
  const user = await pageUser();
  if (!user) return <LoginPrompt />;
  const t = await getTranslations('market.center');
  const plugStatus = listSchema.parse({ status: query.plugin ?? '' }).status;
  const themeStatus = listSchema.parse({ status: query.theme ?? '' }).status;
  const [data, plugins, themes] = await Promise.all([
    developerCenter({ userId: user.id, now: new Date() }),
    listApps({
      kind: 'plugin',
      ownerId: user.id,
      input: listSchema.parse({ status: plugStatus, limit: 100 }),
    }),
    listApps({
      kind: 'theme',
      ownerId: user.id,
      input: listSchema.parse({ status: themeStatus, limit: 100 }),
    }),
  ]);
  const keep = (name: string, value: string) =>
    value ? `/market/devCenter?${name}=${value}` : '/market/devCenter';
  return (
    <>
      <SessionSeed user={presentUser(user)} />
      <Overview data={data} />
      <section className={styles.panel} id="plugins">
        <h2>
          {t('pluginList')} <Link href="/market/plug/add">{t('addPlugin')}</Link>
        </h2>
        <StatusTabs href={keep('theme', themeStatus)} current={plugStatus} param="plugin" />
        <AppTable list={plugins.list} />
      </section>
      <section className={styles.panel} id="themes">
        <h2>
          {t('themeList')} <Link href="/market/theme/add">{t('addTheme')}</Link>
        </h2>
        <StatusTabs href={keep('plugin', plugStatus)} current={themeStatus} param="theme" />
        <AppTable list={themes.list} />
      </section>
      <FeedbackSection user={user} />
    </>
  );
}
