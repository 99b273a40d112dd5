import { useTranslations } from 'next-intl';
import { RELEASE_EDITIONS, type ReleaseView } from '@/contract/content';
import { useKeyText } from '@/i18n/keys';
import styles from './Domain.module.css';

type Channel = { key: string; name: string; url: string };
type Props = { upgrades: ReleaseView[]; channels: Channel[] };

/**
 * Update packages by edition and channel (client contract §3). The official channel links the
 * latest published upgrade package of the edition; other channels link where configuration says.
 */
export function DownloadArea({ upgrades, channels }: Props) {
  const t = useTranslations('domain.download');
  const text = useKeyText('domain.download');
  const hrefOf = (channel: Channel, edition: string) => {
    const release = upgrades.find((r) => r.edition === edition);
    return channel.key === 'official' && release ? release.download_url : channel.url;
  };
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
                {channels.map((channel) => (
                  <a
                    key={channel.key}
                    href={hrefOf(channel, edition)}
                    rel="noopener noreferrer"
                    className={channel.key === 'official' ? styles.primaryLink : styles.link}
                  >
                    {text(channel.key, undefined, channel.name)}
                  </a>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
