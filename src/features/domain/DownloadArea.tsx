import { useTranslations } from 'next-intl';
import { RELEASE_EDITIONS, type ReleaseView } from '@/contract/content';
import { ConfiguredLink } from '@/features/layout/ConfiguredLink';
import { useKeyText } from '@/i18n/keys';
import styles from './Domain.module.css';

type Channel = { key: string; name: string; url: string };
type Props = { upgrades: ReleaseView[]; channels: Channel[] };

/**
 * Update packages by edition and channel, as the earlier portal offered them (docs/cms-contract.md, section 3). The official channel links the
 * latest published upgrade package of the edition; other channels link where configuration says.
 */
export function DownloadArea({ upgrades, channels }: Props) {
  const t = useTranslations('domain.download');
  const text = useKeyText('domain.download');
  return (
    <section className={styles.card} aria-labelledby="download-title" id="download">
      <h2 id="download-title" className={styles.modeTitle}>
        {t('title')}
      </h2>
      <p className={styles.intro}>{t('note')}</p>
      <div className={styles.editions}>
        {RELEASE_EDITIONS.map((edition) => {
          const release = upgrades.find((r) => r.edition === edition);
          return (
            <div key={edition} className={styles.edition}>
              <h3>
                {t(edition)}
                {release && <span className={styles.version}>{release.version}</span>}
              </h3>
              <p className={styles.channelLabel}>{t('channels')}</p>
              <div className={styles.channelLinks}>
                {channels.map((channel) => {
                  const label = text(channel.key, undefined, channel.name);
                  if (channel.key === 'official' && release)
                    return (
                      <a key={channel.key} href={release.download_url} className={styles.primaryLink}>
                        {label}
                      </a>
                    );
                  return (
                    <ConfiguredLink
                      key={channel.key}
                      href={channel.url}
                      className={channel.key === 'official' ? styles.primaryLink : styles.link}
                    >
                      {label}
                    </ConfiguredLink>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
