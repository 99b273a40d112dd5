import { getTranslations } from 'next-intl/server';
import { publicDeveloperName } from '@/contract/account-label';
import { toLocale } from '@/contract/locales';
import type { Kind } from '@/contract/market';
import { isRecordId } from '@/contract/record-id';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { TitleBar } from '@/features/layout/TitleBar';
import { LoginPrompt } from '@/features/user/LoginPrompt';
import { NameFirst } from '@/features/user/NameFirst';
import { VerifyBanner } from '@/features/user/VerifyBanner';
import { Link } from '@/i18n/navigation';
import { pageUser } from '@/server/accounts/page-user';
import { presentUser } from '@/server/accounts/present';
import { editData } from '@/server/market/edit-data';
import styles from '../Market.module.css';
import { AddApp } from './AddApp';

/** Server part of the add pages: the session, and the item to edit when `?id=` names one. */
export async function AddPage({ kind, locale, id }: { kind: Kind; locale: string; id?: string }) {
  const t = await getTranslations('market');
  const user = await pageUser();
  const edit =
    user && id && isRecordId(id)
      ? await editData({ user, kind, id: Number(id), locale: toLocale(locale) })
      : null;
  const developerName = user ? publicDeveloperName(user) : null;
  const editing = edit !== null && typeof edit !== 'string';
  const title = editing
    ? t(kind === 'plugin' ? 'add.editTitlePlugin' : 'add.editTitleTheme')
    : t(kind === 'plugin' ? 'add.titlePlugin' : 'add.titleTheme');
  return (
    <>
      <TitleBar title={title} crumbs={[{ label: t('center.title'), href: '/market/devCenter' }]} />
      <SessionSeed user={user ? presentUser(user) : null} />
      <div className={styles.page}>
        {typeof edit === 'string' ? (
          <section className={styles.panel}>
            <p className={styles.reason}>{t(edit === 'busy' ? 'add.busy' : 'add.missing')}</p>
            <Link href="/market/devCenter">{t('center.title')}</Link>
          </section>
        ) : user ? (
          <>
            {(!user.emailVerifiedAt || !developerName) && (
              <div className={styles.notices}>
                {!user.emailVerifiedAt && <VerifyBanner email={user.email} />}
                {!developerName && <NameFirst />}
              </div>
            )}
            {developerName && (
              <AddApp
                key={edit?.id ?? 'new'}
                kind={kind}
                developer={{ user_id: user.id, name: developerName, site: user.site }}
                edit={edit}
              />
            )}
          </>
        ) : (
          <LoginPrompt area="developer" />
        )}
      </div>
    </>
  );
}
