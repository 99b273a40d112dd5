import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/contract/locales';
import { STATUS } from '@/contract/market';
import { Link } from '@/i18n/navigation';
import { AppError } from '@/server/errors';
import type { UserRow } from '@/server/identity/user';
import { appDetail } from '@/server/market/detail';
import styles from '../Market.module.css';
import { AppFields } from '../parts/AppFields';
import { History } from '../parts/History';
import { StatusBadge } from '../parts/StatusBadge';
import { ReportView } from '../ReportView';

/**
 * One of the developer's items as the reviewer sees it: the fields, the package report (with the
 * reason when it is held), every version and audit record (`?detail=<id>` in the developer centre).
 */
export async function DevItemDetail({ id, user, locale }: { id: number; user: UserRow; locale: Locale }) {
  const t = await getTranslations('market');
  const load = (kind: 'plugin' | 'theme') =>
    appDetail({ id, kind, viewer: user, admin: false, locale }).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
  const data = (await load('plugin')) ?? (await load('theme'));
  if (!data) return null;
  const d = data.detail;
  return (
    <section className={styles.panel} id="detail" aria-labelledby="detail-title">
      <div className={styles.detailHead}>
        <h2 id="detail-title">
          {d.name} <StatusBadge status={d.status} held={d.held} />
        </h2>
        <Link href="/market/devCenter" scroll={false}>
          {t('center.close')}
        </Link>
      </div>
      {d.status === STATUS.review && data.queue > 0 && (
        <p className={styles.muted}>{t('center.queue', { n: data.queue })}</p>
      )}
      {d.status === STATUS.failed && d.remarks && (
        <p className={styles.reason}>{t('center.reason', { text: d.remarks })}</p>
      )}
      <AppFields data={data} />
      <div className={styles.gap} />
      <h2>{t('detail.report')}</h2>
      <ReportView report={data.report} />
      <div className={styles.gap} />
      <History data={data} />
    </section>
  );
}
