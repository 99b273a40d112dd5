import { useTranslations } from 'next-intl';
import { formatCount } from '@/contract/format';
import type { StoreItem } from '@/contract/store-answers';
import { Link } from '@/i18n/navigation';
import { cardImage, itemPath } from './paths';
import { RatingStars, ratingText } from './RatingStars';
import reviewStyles from './Reviews.module.css';
import styles from './Store.module.css';

/** One item of a store list: image, name, short description, price, device and downloads. */
export function ItemCard({ item, eager = false }: { item: StoreItem; eager?: boolean }) {
  const t = useTranslations('store');
  const tr = useTranslations('reviews');
  const image = cardImage(item);
  return (
    <li className={styles.card}>
      <Link href={itemPath(item.type, item.id)} className={styles.cardLink}>
        <span className={styles.cardImage}>
          {image ? (
            // biome-ignore lint/performance/noImgElement: images come from the market's file storage
            <img src={image} alt="" width={480} height={300} loading={eager ? 'eager' : 'lazy'} />
          ) : (
            <span className={styles.initial} aria-hidden="true">
              {item.name.slice(0, 1)}
            </span>
          )}
        </span>
        <span className={styles.cardBody}>
          <span className={styles.cardTitle}>{item.name}</span>
          <span className={styles.cardText}>{item.describe}</span>
          <span className={styles.cardMeta}>
            <span className={item.toll ? styles.paid : styles.free}>{item.toll ? t('paid') : t('free')}</span>
            <span className={styles.tag}>{t(`device.${item.device as 0 | 1 | 2}`)}</span>
            {item.rating_count > 0 && (
              <span className={reviewStyles.cardRating} data-testid="card-rating">
                <RatingStars value={item.rating} label={tr('average', { rating: ratingText(item.rating) })} />
                {ratingText(item.rating)} ({formatCount(item.rating_count)})
              </span>
            )}
            <span className={styles.downloads}>{t('downloadsN', { n: formatCount(item.download_num) })}</span>
          </span>
          <span className={styles.cardFoot}>
            <span>{t('by', { name: item.user_name })}</span>
            <span>v{item.version}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}

export function ItemGrid({ items }: { items: StoreItem[] }) {
  return (
    <ul className={styles.grid}>
      {items.map((item, i) => (
        <ItemCard key={item.id} item={item} eager={i < 4} />
      ))}
    </ul>
  );
}
