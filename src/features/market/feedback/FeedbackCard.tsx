'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import type { FeedbackRow } from '@/contract/feedback';
import { formatTime } from '@/contract/format';
import { StatusBadge } from '../parts/StatusBadge';
import styles from './FeedbackList.module.css';

const FORMAT: Record<string, string> = { 'video/x-msvideo': 'AVI', 'video/mpeg': 'MPEG', 'video/mp4': 'MP4' };

function fileSize(bytes: number, locale: string) {
  const mb = bytes >= 1024 * 1024;
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    bytes / (mb ? 1024 * 1024 : 1024),
  );
  return `${n} ${mb ? 'MB' : 'KB'}`;
}

/** One report: the item, the version, the text, screenshots that open large, videos that play here. */
export function FeedbackCard({ row, onRead }: { row: FeedbackRow; onRead: (id: number) => void }) {
  const t = useTranslations('feedback.list');
  const tp = useTranslations('feedback.page');
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<number | null>(null);
  const show = (i: number) => {
    setOpen(i);
    dialog.current?.showModal();
  };
  return (
    <li className={`${styles.card} ${row.is_read ? '' : styles.new}`} data-testid="feedback-item">
      <div className={styles.cardHead}>
        {!row.is_read && <span className={styles.newTag}>{t('new')}</span>}
        <strong>{row.name}</strong>
        <span className={styles.kind}>{tp(row.type)}</span>
        <StatusBadge status={row.status} />
        <span className={styles.meta}>
          {t('version', { version: row.version })} · <time>{row.create_time_text}</time>
        </span>
      </div>
      <p className={styles.content}>{row.content}</p>
      <div className={styles.media}>
        {row.images.map((src, i) => (
          <button
            key={src}
            type="button"
            className={styles.thumb}
            onClick={() => show(i)}
            aria-label={t('openImage', { n: i + 1 })}
          >
            {/* biome-ignore lint/performance/noImgElement: private uploads of unknown size, served as they are */}
            <img src={src} alt={t('screenshot', { n: i + 1 })} loading="lazy" />
          </button>
        ))}
        {row.videos.map((v) =>
          v.playable ? (
            // biome-ignore lint/a11y/useMediaCaption: users' screen recordings come without captions
            <video key={v.url} className={styles.video} src={v.url} controls preload="metadata" />
          ) : (
            <div key={v.url} className={styles.noPlay}>
              <p>{t('notPlayable', { format: FORMAT[v.mime] ?? v.mime })}</p>
              <a href={v.url} download>
                {t('download', { size: fileSize(v.size, locale) })}
              </a>
            </div>
          ),
        )}
      </div>
      <div className={styles.cardFoot}>
        {row.is_read ? (
          <span className={styles.meta}>{t('readAt', { time: formatTime(row.read_time) })}</span>
        ) : (
          row.mine && (
            <button type="button" className={styles.link} onClick={() => onRead(row.id)}>
              {t('markRead')}
            </button>
          )
        )}
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a dialog natively; the click only catches the backdrop */}
      <dialog
        ref={dialog}
        className={styles.lightbox}
        aria-label={open === null ? undefined : t('screenshot', { n: open + 1 })}
        onClose={() => setOpen(null)}
        onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
      >
        <div className={styles.lightboxBar}>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('close')}
          </button>
        </div>
        {open !== null && row.images[open] && (
          // biome-ignore lint/performance/noImgElement: the screenshot at its own size
          <img src={row.images[open]} alt={t('screenshot', { n: open + 1 })} />
        )}
      </dialog>
    </li>
  );
}
