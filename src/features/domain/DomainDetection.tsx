import { useTranslations } from 'next-intl';
import type { ReleaseView } from '@/contract/content';
import {
  DETECTION_MODES,
  type DetectionMode,
  type InjectListInfo,
  type SiteHistoryInfo,
} from '@/contract/domain';
import { Link } from '@/i18n/navigation';
import { DetectionPanel } from './DetectionPanel';
import styles from './Domain.module.css';
import { DownloadArea } from './DownloadArea';

type Props = {
  mode: DetectionMode;
  product: string;
  stats: InjectListInfo | null;
  record?: SiteHistoryInfo | null;
  upgrades: ReleaseView[];
  channels: { key: string; name: string; url: string }[];
  official: string[];
};

/** The page body: mode tabs (links, so each mode has its URL), the check panel, the downloads. */
export function DomainDetection({ mode, product, stats, record, upgrades, channels, official }: Props) {
  const t = useTranslations('domain');
  return (
    <div className={styles.page}>
      <nav className={styles.tabs} aria-label={t('title')}>
        {DETECTION_MODES.map((m) => (
          <Link
            key={m}
            href={`/domainDetection?activeIndex=${m}`}
            className={m === mode ? styles.tabActive : styles.tab}
            aria-current={m === mode ? 'page' : undefined}
          >
            {t(`modes.${m}`)}
          </Link>
        ))}
      </nav>
      <section className={styles.card} aria-labelledby="mode-title">
        <h2 id="mode-title" className={styles.modeTitle}>
          {t(`modes.${mode}`)}
        </h2>
        <p className={styles.intro}>{t(`intro.${mode}`)}</p>
        <DetectionPanel
          key={`${mode}-${record?.domain ?? ''}`}
          mode={mode}
          product={product}
          initialStats={stats}
          initialRecord={record}
          official={official}
        />
      </section>
      <DownloadArea upgrades={upgrades} channels={channels} />
    </div>
  );
}
