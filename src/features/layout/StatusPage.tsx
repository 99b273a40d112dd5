import { Link } from '@/i18n/navigation';
import styles from './StatusPage.module.css';

type Props = {
  code: string;
  title: string;
  description: string;
  homeLabel: string;
  retry?: { label: string; onClick: () => void };
};

/** The body of the 404 and error pages. */
export function StatusPage({ code, title, description, homeLabel, retry }: Props) {
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        {code}
      </p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{description}</p>
      <div className={styles.actions}>
        {retry && (
          <button type="button" className={styles.secondary} onClick={retry.onClick}>
            {retry.label}
          </button>
        )}
        <Link href="/" className={styles.primary}>
          {homeLabel}
        </Link>
      </div>
    </section>
  );
}
