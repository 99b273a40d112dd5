import { useTranslations } from 'next-intl';
import type { AppDetail } from '@/contract/developer-output';
import { formatCount, formatTime } from '@/contract/format';
import { FactList } from '@/features/common/FactList';
import { useKeyText } from '@/i18n/keys';
import styles from '../Market.module.css';
import { StatusBadge } from './StatusBadge';

/** Every field a developer filled in for one version, and its images. */
export function AppFields({ data }: { data: AppDetail }) {
  const t = useTranslations('market');
  const text = useKeyText('market');
  const d = data.detail;
  const rows: [string, string | number][] = [
    [t('add.name'), d.name],
    [t('add.describe'), d.describe],
    [t('add.version'), d.version || '--'],
    [t('add.changelog'), d.changelog || '--'],
    [t('add.supportVersion'), d.support_version || '--'],
    [t('add.systemVersion'), d.system_version || '--'],
    [t('add.device'), text(`add.device${d.device}`)],
    [t('add.toll'), text(`add.toll${d.toll}`)],
    [t('add.langs'), d.langs],
    [t('add.source'), `${d.file_name} (${formatCount(d.file_size)} B, ${d.folder}/)`],
    [t('add.qq'), d.qq || '--'],
    [t('add.wechat'), d.wechat || '--'],
    [t('add.developerId'), d.user_id],
    [t('add.developerName'), d.user_name],
    [t('add.developerSite'), d.user_domain || '--'],
    [t('col.applications'), data.application.download_num],
    [t('col.submitted'), formatTime(d.submit_time)],
    [t('col.audited'), formatTime(d.audit_time)],
    [t('col.remarks'), d.remarks || '--'],
  ];
  const images = [d.pc_image, ...d.pc_preview, d.h5_image, ...d.h5_preview].filter(Boolean);
  return (
    <>
      <p>
        <StatusBadge status={d.status} held={d.held} />
      </p>
      <FactList rows={rows} className={styles.fields} flat />
      <div className={`${styles.images} ${styles.gap}`}>
        {images.map((src) => (
          // biome-ignore lint/performance/noImgElement: uploaded images of unknown size, served as they are
          <img key={src} src={src} alt={d.name} loading="lazy" />
        ))}
      </div>
    </>
  );
}
