import styles from './Reviews.module.css';

/** Five stars, as many filled as `value` rounds to (0 to 5), with a label for screen readers. */
export function RatingStars({ value, label }: { value: number; label: string }) {
  const filled = Math.round(value);
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= filled ? styles.on : styles.off} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

/** An average as shown: one decimal. */
export const ratingText = (value: number) => value.toFixed(1);
