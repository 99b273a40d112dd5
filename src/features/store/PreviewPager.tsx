'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import styles from './Store.module.css';

export type Preview = { src: string; kind: 'pc' | 'h5' };

/** The item's preview images one at a time, with previous/next, a counter and thumbnails. */
export function PreviewPager({ images, name }: { images: Preview[]; name: string }) {
  const t = useTranslations('store.detail');
  const [index, setIndex] = useState(0);
  const current = images[index];
  if (!current) return null;
  const go = (step: number) => setIndex((i) => (i + step + images.length) % images.length);
  const label = (p: Preview) => t(p.kind === 'pc' ? 'pcPreview' : 'h5Preview');
  return (
    <section
      className={styles.gallery}
      aria-roledescription="carousel"
      aria-label={t('previews')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        if (e.key === 'ArrowRight') go(1);
      }}
    >
      <figure className={`${styles.stage} ${current.kind === 'h5' ? styles.stageH5 : ''}`}>
        {/* biome-ignore lint/performance/noImgElement: images come from the market's file storage */}
        <img src={current.src} alt={`${name} · ${label(current)} ${index + 1}`} width={960} height={600} />
        <figcaption aria-live="polite">
          {label(current)} · {t('position', { n: index + 1, total: images.length })}
        </figcaption>
      </figure>
      {images.length > 1 && (
        <div className={styles.galleryBar}>
          <button type="button" onClick={() => go(-1)} className={styles.ghost}>
            ‹ {t('previous')}
          </button>
          <div className={styles.thumbs}>
            {images.map((p, i) => (
              <button
                key={p.src}
                type="button"
                aria-label={`${label(p)} ${i + 1}`}
                aria-current={i === index}
                className={styles.thumb}
                onClick={() => setIndex(i)}
              >
                {/* biome-ignore lint/performance/noImgElement: thumbnails of the same stored images */}
                <img src={p.src} alt="" width={72} height={45} loading="lazy" />
              </button>
            ))}
          </div>
          <button type="button" onClick={() => go(1)} className={styles.ghost}>
            {t('next')} ›
          </button>
        </div>
      )}
    </section>
  );
}
