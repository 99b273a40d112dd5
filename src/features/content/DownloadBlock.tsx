import { useTranslations } from 'next-intl';
import { ConfiguredLink } from '@/features/layout/ConfiguredLink';
import { NavLink } from '@/features/layout/NavLink';
import { useKeyText } from '@/i18n/keys';
import styles from './Content.module.css';
import { type LatestDownloads, LatestReleases } from './LatestReleases';
import { ReleaseKey } from './ReleaseKey';

type Props = {
  channels: { key: string; name: string; url: string }[];
  latest: LatestDownloads;
  /** The published release key's fingerprint; null before the first release was signed. */
  keyFingerprint: string | null;
};

const UPDATE_LOG = '/document?menu=log';

/**
 * Home's release block: the latest install package and upgrades, hint, other channels and how to
 * verify a package's signature.
 */
export function DownloadBlock({ channels, latest, keyFingerprint }: Props) {
  const t = useTranslations('content.download');
  const text = useKeyText('content.download');
  return (
    <section className={styles.downloads} aria-labelledby="download-title">
      <h2 id="download-title" className={styles.heading}>
        {t('title')}
      </h2>
      <LatestReleases {...latest} />
      <p className={styles.hint}>{t('overwriteHint')}</p>
      <p className={styles.channels}>
        {t('channels')}:{' '}
        {channels.map((c) => (
          <ConfiguredLink key={c.key} href={c.url} className={styles.channel}>
            {text(`channel.${c.key}`, undefined, c.name)}
          </ConfiguredLink>
        ))}
        {!channels.some((c) => c.url === UPDATE_LOG) && (
          <NavLink href={UPDATE_LOG} className={styles.channel}>
            {t('updateLog')}
          </NavLink>
        )}
      </p>
      <ReleaseKey fingerprint={keyFingerprint} packageName={latest.install?.file_name} />
    </section>
  );
}
