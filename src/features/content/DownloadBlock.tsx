import { useTranslations } from 'next-intl';
import { ConfiguredLink } from '@/features/layout/ConfiguredLink';
import { NavLink } from '@/features/layout/NavLink';
import { useKeyText } from '@/i18n/keys';
import styles from './Content.module.css';
import { LatestReleases } from './LatestReleases';

type Props = { channels: { key: string; name: string; url: string }[] };

const UPDATE_LOG = '/document?menu=log';

/** Home's release block: the latest install package and upgrades (live), hint and other channels. */
export function DownloadBlock({ channels }: Props) {
  const t = useTranslations('content.download');
  const text = useKeyText('content.download');
  return (
    <section className={styles.downloads} aria-labelledby="download-title">
      <h2 id="download-title" className={styles.heading}>
        {t('title')}
      </h2>
      <LatestReleases />
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
    </section>
  );
}
