'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { VIDEO_RATES } from '@/contract/limits';
import styles from './Content.module.css';

type Props = { src: string; poster: string; type: string };

/** The promotional video: native controls (keyboard usable) plus rate buttons (0.7, 1, 1.5, 2). */
export function PromoVideo({ src, poster, type }: Props) {
  const t = useTranslations('content.video');
  const ref = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState<number>(1);
  const choose = (value: number) => {
    if (ref.current) ref.current.playbackRate = value;
    setRate(value);
  };
  return (
    <section className={styles.video} aria-labelledby="video-title">
      <h2 id="video-title" className={styles.heading}>
        {t('title')}
      </h2>
      {/* biome-ignore lint/a11y/useMediaCaption: a wordless product animation, nothing to caption */}
      <video
        ref={ref}
        className={styles.player}
        controls
        preload="none"
        poster={poster}
        width={960}
        height={540}
        data-testid="promo-video"
        onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
      >
        <source src={src} type={type} />
        {t('unsupported')}
      </video>
      <fieldset className={styles.rates}>
        <legend>{t('rate')}</legend>
        {VIDEO_RATES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={rate === value}
            className={rate === value ? styles.rateActive : styles.rate}
            onClick={() => choose(value)}
          >
            {value}×
          </button>
        ))}
      </fieldset>
    </section>
  );
}
