import { getTranslations } from 'next-intl/server';
import type { ReviewPage } from '@/contract/item-reviews';
import type { Kind } from '@/contract/market';
import type { StoreDetail } from '@/contract/store-answers';
import { FactList } from '@/features/common/FactList';
import { shortSize } from '@/features/content/format-size';
import { TitleBar } from '@/features/layout/TitleBar';
import { Link } from '@/i18n/navigation';
import { DownloadPanel } from './DownloadPanel';
import { ItemGrid } from './ItemCard';
import { ItemReviews } from './ItemReviews';
import { type Preview, PreviewPager } from './PreviewPager';
import { listPath } from './paths';
import { RatingStars, ratingText } from './RatingStars';
import reviewStyles from './Reviews.module.css';
import styles from './Store.module.css';

function previewsOf(d: StoreDetail['detail']): Preview[] {
  const pc = d.pc_previews.length ? d.pc_previews : [d.pc_image].filter(Boolean);
  const h5 = d.h5_previews.length ? d.h5_previews : [d.h5_image].filter(Boolean);
  return [
    ...pc.map((src) => ({ src, kind: 'pc' as const })),
    ...h5.map((src) => ({ src, kind: 'h5' as const })),
  ];
}

/** /market/plug/{id} and /market/theme/{id}: every public field of the released version. */
export async function ItemDetail({
  kind,
  data,
  reviews,
}: {
  kind: Kind;
  data: StoreDetail;
  reviews: ReviewPage;
}) {
  const t = await getTranslations('store');
  const tr = await getTranslations('reviews');
  const d = data.detail;
  const kindName = t(kind === 'plugin' ? 'plugins' : 'themes');
  const facts: [string, string][] = [
    [t('detail.version'), d.version],
    [t('detail.updated'), d.update_time],
    [t('detail.supportVersion'), d.support_version || '--'],
    [t('detail.systemVersion'), d.system_version || '--'],
    [t('detail.langs'), d.langs ? String(d.langs) : '--'],
    [t('detail.device'), t(`device.${d.device as 0 | 1 | 2}`)],
    [t('detail.size'), shortSize(d.file_size)],
  ];
  const contact: [string, string][] = [
    [t('detail.qq'), d.qq],
    [t('detail.wechat'), d.wechat],
  ].filter((c): c is [string, string] => Boolean(c[1]));
  const previews = previewsOf(d);
  return (
    <>
      <TitleBar
        title={d.name}
        crumbs={[
          { label: t('title'), href: '/market' },
          { label: kindName, href: listPath(kind) },
        ]}
      />
      <div className={styles.wrap}>
        <div className={styles.detailTop}>
          {previews.length ? (
            <PreviewPager images={previews} name={d.name} />
          ) : (
            <div className={styles.noPreview} aria-hidden="true">
              {d.name.slice(0, 1)}
            </div>
          )}
          <aside className={styles.infoPanel} aria-label={d.name}>
            <p className={styles.badges}>
              <span className={d.toll ? styles.paid : styles.free}>{d.toll ? t('paid') : t('free')}</span>
              <span className={styles.tag}>{t(`device.${d.device as 0 | 1 | 2}`)}</span>
              <span className={styles.reviewed}>✓ {t('detail.reviewed')}</span>
            </p>
            <p className={styles.badges}>
              <a href="#reviews" className={reviewStyles.cardRating}>
                <RatingStars value={d.rating} label={tr('average', { rating: ratingText(d.rating) })} />
                {d.rating_count ? ratingText(d.rating) : ''}{' '}
                {d.rating_count ? tr('votes', { n: d.rating_count }) : tr('noVotes')}
              </a>
            </p>
            <DownloadPanel kind={kind} id={d.id} toll={d.toll} name={d.name} downloads={d.download_num} />
            {data.how_to_buy && (
              <section className={styles.howToBuy} aria-labelledby="how-to-buy">
                <h2 id="how-to-buy">{t('detail.howToBuy')}</h2>
                <p>{data.how_to_buy}</p>
              </section>
            )}
            <FactList rows={facts} className={styles.facts} />
            <p className={styles.hint}>{t('detail.install', { name: d.name })}</p>
            <Link className={styles.report} href={`/market/feedback?type=${kind}&id=${d.id}`}>
              {t('detail.report')}
            </Link>
          </aside>
        </div>

        <div className={styles.detailBody}>
          <div>
            <section className={styles.section} aria-labelledby="describe">
              <h2 id="describe">{t('detail.describe')}</h2>
              <p className={styles.describe}>{d.describe}</p>
            </section>
            <section className={styles.section} aria-labelledby="versions">
              <h2 id="versions">{t('detail.versions')}</h2>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('detail.versionCol')}</th>
                      <th scope="col">{t('detail.released')}</th>
                      <th scope="col">{t('detail.supportVersion')}</th>
                      <th scope="col">{t('detail.size')}</th>
                      <th scope="col">{t('detail.changelog')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {/* Newest first: the answer lists them oldest first, as the CMS reads version_history. */}
                    {[...data.versions].reverse().map((v) => (
                      <tr key={`${v.version}-${v.release_time}`}>
                        <td>
                          {v.version}{' '}
                          {v.current && <span className={styles.current}>{t('detail.current')}</span>}
                        </td>
                        <td>{v.update_time}</td>
                        <td>{v.support_version || '--'}</td>
                        <td>{shortSize(v.file_size)}</td>
                        <td className={styles.changelog}>{v.changelog || '--'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <ItemReviews itemId={d.id} initial={reviews} />
          </div>
          <aside className={styles.developer} aria-labelledby="developer">
            <h2 id="developer">{t('detail.developer')}</h2>
            <p className={styles.devName}>{d.user_name}</p>
            {d.user_domain && /^https?:\/\//.test(d.user_domain) && (
              <p>
                <a href={d.user_domain} rel="nofollow noopener" target="_blank">
                  {d.user_domain.replace(/^https?:\/\//, '')}
                </a>
              </p>
            )}
            {contact.length > 0 && (
              <dl className={styles.contact}>
                {contact.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </aside>
        </div>

        {data.other_theme.length > 0 && (
          <section className={styles.section} aria-labelledby="others">
            <h2 id="others">{t(kind === 'plugin' ? 'detail.othersPlugin' : 'detail.othersTheme')}</h2>
            <ItemGrid items={data.other_theme} />
          </section>
        )}
      </div>
    </>
  );
}
