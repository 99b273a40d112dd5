import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/contract/locales';
import { type Kind, STATUS } from '@/contract/market';
import { Empty } from '@/features/layout/Empty';
import styles from '@/features/market/Market.module.css';
import { AppFields } from '@/features/market/parts/AppFields';
import { History } from '@/features/market/parts/History';
import { ReportView } from '@/features/market/ReportView';
import { AppError } from '@/server/errors';
import type { UserRow } from '@/server/identity/user';
import { appDetail } from '@/server/market/detail';
import { AuditForm } from './AuditForm';
import { PackageDiff } from './PackageDiff';
import { PackageFiles } from './PackageFiles';

/** /admin/plug/{id}, /admin/theme/{id}: every field, the images, the report, the history, the form. */
export async function AdminDetail({
  kind,
  id,
  admin,
  locale,
}: {
  kind: Kind;
  id: number;
  admin: UserRow;
  locale: Locale;
}) {
  const t = await getTranslations('market');
  const data = await appDetail({ id, kind, viewer: admin, admin: true, locale }).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!data) return <Empty />;
  return (
    <>
      <section className={styles.panel}>
        <h2>{data.detail.name}</h2>
        <AppFields data={data} />
      </section>
      <section className={styles.panel}>
        <h2>{t('detail.report')}</h2>
        <ReportView report={data.report} />
      </section>
      <section className={styles.panel}>
        <h2>{t('review.diff')}</h2>
        <p className={styles.muted}>{t('review.diffHint')}</p>
        <PackageDiff versionId={data.detail.version_id} />
      </section>
      <section className={styles.panel}>
        <h2>{t('review.files')}</h2>
        <p className={styles.muted}>{t('review.filesHint')}</p>
        <PackageFiles versionId={data.detail.version_id} />
      </section>
      {data.detail.status === STATUS.review && (
        <section className={styles.panel}>
          <h2>{t('audit.title')}</h2>
          <AuditForm
            kind={kind}
            id={data.detail.id}
            versionId={data.detail.version_id}
            proposed={data.detail.version}
          />
        </section>
      )}
      <section className={styles.panel}>
        <History data={data} />
      </section>
    </>
  );
}
