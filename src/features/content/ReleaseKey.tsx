import { useTranslations } from 'next-intl';
import styles from './Content.module.css';

type Props = { fingerprint: string | null; packageName?: string };

/** How a site owner proves a package official: the published key, its fingerprint, the command. */
export function ReleaseKey({ fingerprint, packageName = 'maccms.zip' }: Props) {
  const t = useTranslations('content.download');
  return (
    <section className={styles.verify} aria-labelledby="verify-title" data-testid="release-key">
      <h3 id="verify-title" className={styles.subheading}>
        {t('verifyTitle')}
      </h3>
      {fingerprint ? (
        <>
          <p>{t('verifyText')}</p>
          <p>
            <a href="/maccms-release.pub" download="maccms-release.pub">
              {t('publicKey')} (maccms-release.pub)
            </a>
          </p>
          <p className={styles.hash}>
            {t('fingerprint')} <code data-testid="release-key-fingerprint">{fingerprint}</code>
          </p>
          <p>{t('verifyCommand')}</p>
          <pre className={styles.command}>
            <code>
              {`openssl pkeyutl -verify -pubin -inkey maccms-release.pub -rawin -in ${packageName} -sigfile ${packageName}.sig`}
            </code>
          </pre>
        </>
      ) : (
        <p>{t('noKey')}</p>
      )}
    </section>
  );
}
