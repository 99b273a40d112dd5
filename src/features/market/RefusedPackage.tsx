import { useTranslations } from 'next-intl';
import styles from './Market.module.css';

export type Refusal = { message: string; tree: string };

/** Why a package was refused for its layout, with the tree the CMS needs to install it. */
export function RefusedPackage({ refusal }: { refusal: Refusal }) {
  const t = useTranslations('market.report');
  return (
    <div className={styles.report} role="alert" data-testid="package-refused">
      <p className={styles.held}>{refusal.message}</p>
      <p>{t('expectedTree')}</p>
      <pre className={styles.tree}>{refusal.tree}</pre>
    </div>
  );
}
