import { getTranslations } from 'next-intl/server';
import { LICENCE_PAGE_SIZE } from '@/contract/licence';
import { Pager } from '@/features/common/Pager';
import { Link } from '@/i18n/navigation';
import { AppError } from '@/server/errors';
import type { UserRow } from '@/server/identity/user';
import { listAuthCodes } from '@/server/market/auth-codes';
import styles from '../Market.module.css';
import { LicenceManager } from './LicenceManager';

/**
 * `?licence=<id>` in the developer centre: a paid item's licence codes. Read with the same rule as
 * the API (its developer or an administrator); anyone else's item shows nothing.
 */
export async function LicencePanel({ id, page, user }: { id: number; page: number; user: UserRow }) {
  const t = await getTranslations('market.center.licence');
  const data = await listAuthCodes({ user, id, page, now: new Date() }).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!data) return null;
  return (
    <section className={styles.panel} id="licence" aria-labelledby="licence-title">
      <div className={styles.detailHead}>
        <h2 id="licence-title">
          {t('title')} · {data.name}
        </h2>
        <Link href="/market/devCenter" scroll={false}>
          {t('back')}
        </Link>
      </div>
      {data.toll !== 1 && <p className={styles.muted}>{t('notPaid')}</p>}
      <p className={styles.muted}>{t('total', { n: data.total })}</p>
      <LicenceManager id={id} codes={data.list} howToBuy={data.how_to_buy} />
      <Pager
        page={data.page}
        pages={Math.max(1, Math.ceil(data.total / LICENCE_PAGE_SIZE))}
        href={(p) => `/market/devCenter?licence=${id}&licencePage=${p}#licence`}
      />
    </section>
  );
}
