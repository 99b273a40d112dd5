import { getLocale, getTranslations } from 'next-intl/server';
import { publicDeveloperName } from '@/contract/account-label';
import { toLocale } from '@/contract/locales';
import { KIND_SEGMENT, KINDS, type Kind, listSchema } from '@/contract/market';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { Pager } from '@/features/common/Pager';
import { LoginPrompt } from '@/features/user/LoginPrompt';
import { NameFirst } from '@/features/user/NameFirst';
import { VerifyBanner } from '@/features/user/VerifyBanner';
import { Link } from '@/i18n/navigation';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';
import { isAdmin } from '@/server/identity/user';
import { developerCenter } from '@/server/market/center';
import { listApps } from '@/server/market/list';
import { listStations } from '@/server/resource/list-stations';
import { FeedbackList } from '../feedback/FeedbackList';
import styles from '../Market.module.css';
import { StatusTabs } from '../parts/StatusTabs';
import { AppTable } from './AppTable';
import { DevItemDetail } from './DevItemDetail';
import { LicencePanel } from './LicencePanel';
import { Overview } from './Overview';
import { StationTable } from './StationTable';

const PAGE_SIZE = 20;

/** /market/devCenter, rendered per request for the logged-in developer. */
export async function DevCenter({ query }: { query: Record<string, string | undefined> }) {
  const user = await pageUser();
  if (!user) return <LoginPrompt area="developer" />;
  const t = await getTranslations('market.center');
  const locale = toLocale(await getLocale());
  const detailId = Number.parseInt(query.detail ?? '', 10) || 0;
  const licenceId = Number.parseInt(query.licence ?? '', 10) || 0;
  const licencePage = Math.max(1, Number.parseInt(query.licencePage ?? '', 10) || 1);
  const state = {
    plugin: listSchema.parse({ status: query.plugin ?? '', page: query.pluginPage ?? 1, limit: PAGE_SIZE }),
    theme: listSchema.parse({ status: query.theme ?? '', page: query.themePage ?? 1, limit: PAGE_SIZE }),
  };
  const stationPage = Math.max(1, Number.parseInt(query.resourcePage ?? '', 10) || 1);
  const [data, plugins, themes, stations] = await Promise.all([
    developerCenter({ user, now: new Date() }),
    listApps({ kind: 'plugin', ownerId: user.id, input: state.plugin }),
    listApps({ kind: 'theme', ownerId: user.id, input: state.theme }),
    listStations({ userId: user.id, page: stationPage, limit: PAGE_SIZE, locale }),
  ]);
  // Every list keeps its filter and page in the URL; changing one leaves the others as they are.
  const link = (next: typeof state, resourcePage: number) => {
    const params = new URLSearchParams();
    for (const k of KINDS) {
      if (next[k].status) params.set(k, next[k].status);
      if (next[k].page > 1) params.set(`${k}Page`, String(next[k].page));
    }
    if (resourcePage > 1) params.set('resourcePage', String(resourcePage));
    const q = params.toString();
    return q ? `/market/devCenter?${q}` : '/market/devCenter';
  };
  const href = (kind: Kind, change: { status?: string; page?: number }) =>
    link({ ...state, [kind]: { ...state[kind], page: 1, ...change } }, stationPage);
  const section = (kind: Kind, data: typeof plugins) => (
    <section className={styles.panel} id={`${kind}s`}>
      <h2>
        {t(kind === 'plugin' ? 'pluginList' : 'themeList')}{' '}
        <Link href={`/market/${KIND_SEGMENT[kind]}/add`}>
          {t(kind === 'plugin' ? 'addPlugin' : 'addTheme')}
        </Link>
      </h2>
      <StatusTabs href={href(kind, { status: '' })} current={state[kind].status} param={kind} />
      <AppTable list={data.list} />
      <Pager
        page={state[kind].page}
        pages={Math.max(1, Math.ceil(data.search_count / PAGE_SIZE))}
        href={(page) => `${href(kind, { page })}#${kind}s`}
      />
    </section>
  );
  return (
    <>
      <SessionSeed user={presentUser(user)} />
      {(!user.emailVerifiedAt || !publicDeveloperName(user)) && (
        <div className={styles.notices}>
          {!user.emailVerifiedAt && <VerifyBanner email={user.email} />}
          {!publicDeveloperName(user) && <NameFirst />}
        </div>
      )}
      {detailId > 0 && <DevItemDetail id={detailId} user={user} locale={locale} />}
      {licenceId > 0 && <LicencePanel id={licenceId} page={licencePage} user={user} />}
      <Overview data={data} />
      {section('plugin', plugins)}
      {section('theme', themes)}
      <section className={styles.panel} id="resources">
        <h2>
          {t('resourceList')} <Link href="/market/resource/add">{t('addResource')}</Link>
        </h2>
        <StationTable list={stations.list} />
        <div className={styles.sectionFoot}>
          <Pager
            page={stationPage}
            pages={Math.max(1, Math.ceil(stations.total / PAGE_SIZE))}
            href={(page) => `${link(state, page)}#resources`}
          />
          {stations.total > 0 && <Link href="/market/resource">{t('manageResources')}</Link>}
        </div>
      </section>
      <FeedbackList initial={data.feedback} admin={isAdmin(user)} />
    </>
  );
}
