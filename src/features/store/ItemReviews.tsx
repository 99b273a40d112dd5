'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  itemReviewList,
  itemReviewReply,
  itemReviewReport,
  itemReviewSave,
} from '@/contract/api/item-reviews';
import { formatTime } from '@/contract/format';
import {
  RATING_MAX,
  REVIEW_CONTENT_MAX,
  REVIEW_REASON_MAX,
  REVIEW_REPLY_MAX,
  type Review,
  type ReviewPage,
} from '@/contract/item-reviews';
import { call, errorText } from '@/features/api/client';
import { useSession } from '@/features/auth/SessionProvider';
import { useToast } from '@/features/common/Toast';
import { DOWNLOADED_EVENT } from './DownloadPanel';
import { RatingStars, ratingText } from './RatingStars';
import styles from './Reviews.module.css';
import store from './Store.module.css';

/**
 * The item page's ratings and reviews. The first page comes with the page (the same for every
 * visitor, so it can be cached); a logged-in visitor's copy is asked again for their own review and
 * whether they may write or answer one.
 */
export function ItemReviews({ itemId, initial }: { itemId: number; initial: ReviewPage }) {
  const t = useTranslations('reviews');
  const toast = useToast();
  const { user, ready } = useSession();
  const [data, setData] = useState(initial);

  const load = useCallback(
    async (page: number) => {
      try {
        setData(await call(itemReviewList, { id: itemId, page }));
      } catch (e) {
        toast(errorText(e), 'error');
      }
    },
    [itemId, toast],
  );
  useEffect(() => {
    if (!ready || !user) return;
    void load(1);
    // The download is counted once its answer was handed over: ask a moment later.
    const reload = () => setTimeout(() => void load(1), 1000);
    window.addEventListener(DOWNLOADED_EVENT, reload);
    return () => window.removeEventListener(DOWNLOADED_EVENT, reload);
  }, [ready, user, load]);

  const pages = Math.max(1, Math.ceil(data.count / data.limit));
  return (
    <section className={store.section} aria-labelledby="reviews" data-testid="reviews">
      <h2 id="reviews">{t('title')}</h2>
      <p className={styles.summary}>
        <strong data-testid="rating-average">{data.rating_count ? ratingText(data.rating) : '--'}</strong>
        <RatingStars value={data.rating} label={t('average', { rating: ratingText(data.rating) })} />
        <span data-testid="rating-count">
          {data.rating_count ? t('votes', { n: data.rating_count }) : t('noVotes')}
        </span>
      </p>
      <Compose data={data} itemId={itemId} onSaved={() => load(1)} />
      {data.list.length === 0 ? (
        <p className={styles.note}>{t('empty')}</p>
      ) : (
        <ul className={styles.list}>
          {data.list.map((r) => (
            <ReviewItem key={r.id} review={r} developer={data.developer} onChanged={() => load(data.page)} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('pager')}>
          <button
            type="button"
            className={store.ghost}
            disabled={data.page <= 1}
            onClick={() => load(data.page - 1)}
          >
            {t('previous')}
          </button>
          <span>
            {data.page} / {pages}
          </span>
          <button
            type="button"
            className={store.ghost}
            disabled={data.page >= pages}
            onClick={() => load(data.page + 1)}
          >
            {t('next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** The caller's review form (new or edit), or why they cannot write one. */
function Compose({ data, itemId, onSaved }: { data: ReviewPage; itemId: number; onSaved: () => void }) {
  const t = useTranslations('reviews');
  const toast = useToast();
  const mine = data.mine;
  const [editing, setEditing] = useState(false);
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [busy, setBusy] = useState(false);
  useEffect(() => setRating(mine?.rating ?? 0), [mine?.rating]);

  if (!mine && data.blocked) return <p className={styles.note}>{t(`blocked.${data.blocked}`)}</p>;
  if (mine && !editing)
    return (
      <div className={styles.note}>
        <p>{t('yours', { rating: mine.rating })}</p>
        {mine.hidden && (
          <p className={styles.hiddenNote}>{t('hiddenYours', { reason: mine.hidden_reason })}</p>
        )}
        {!data.blocked && (
          <button type="button" className={store.ghost} onClick={() => setEditing(true)}>
            {t('edit')}
          </button>
        )}
      </div>
    );

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const content = String(new FormData(e.currentTarget).get('content') ?? '');
    setBusy(true);
    try {
      await call(itemReviewSave, { id: itemId, rating, content });
      toast(t('saved'), 'success');
      setEditing(false);
      onSaved();
    } catch (err) {
      toast(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} data-testid="review-form">
      <fieldset>
        <legend>{t('yourRating')}</legend>
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            className={`${styles.starPick} ${n <= rating ? styles.on : styles.off}`}
            aria-label={t('stars', { n })}
            aria-pressed={n === rating}
            onClick={() => setRating(n)}
          >
            ★
          </button>
        ))}
      </fieldset>
      <textarea
        name="content"
        required
        maxLength={REVIEW_CONTENT_MAX}
        defaultValue={mine?.content ?? ''}
        placeholder={t('placeholder')}
        aria-label={t('yourReview')}
      />
      <div className={styles.actions}>
        <button type="submit" className={store.primary} disabled={busy || rating === 0}>
          {mine ? t('update') : t('submit')}
        </button>
        {mine && (
          <button type="button" className={store.ghost} onClick={() => setEditing(false)}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** One review: stars, who, when, the text, the developer's answer; report, and answer for the developer. */
function ReviewItem({
  review,
  developer,
  onChanged,
}: {
  review: Review;
  developer: boolean;
  onChanged: () => void;
}) {
  const t = useTranslations('reviews');
  const toast = useToast();
  const reportDialog = useRef<HTMLDialogElement>(null);
  const [answering, setAnswering] = useState(false);

  async function report(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '');
    try {
      await call(itemReviewReport, { review_id: review.id, reason });
      reportDialog.current?.close();
      toast(t('reportedThanks'), 'success');
    } catch (err) {
      toast(errorText(err), 'error');
    }
  }

  async function answer(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reply = String(new FormData(e.currentTarget).get('reply') ?? '');
    try {
      await call(itemReviewReply, { review_id: review.id, reply });
      setAnswering(false);
      toast(t('replied'), 'success');
      onChanged();
    } catch (err) {
      toast(errorText(err), 'error');
    }
  }

  return (
    <li className={styles.item} data-testid="review">
      <div className={styles.head}>
        <RatingStars value={review.rating} label={t('stars', { n: review.rating })} />
        <strong>{review.user_name || t('someone')}</strong>
        <span className={styles.when}>{formatTime(review.update_time, true)}</span>
        <button type="button" className={styles.link} onClick={() => reportDialog.current?.showModal()}>
          {t('report')}
        </button>
        {developer && (
          <button type="button" className={styles.link} onClick={() => setAnswering((a) => !a)}>
            {review.reply ? t('editReply') : t('replyAction')}
          </button>
        )}
      </div>
      <p className={styles.content}>{review.content}</p>
      {review.reply && !answering && (
        <p className={styles.reply} data-testid="review-reply">
          <strong>{t('developerReply')}</strong> {review.reply}
        </p>
      )}
      {answering && (
        <form className={styles.form} onSubmit={answer}>
          <textarea
            name="reply"
            defaultValue={review.reply}
            aria-label={t('replyAction')}
            maxLength={REVIEW_REPLY_MAX}
          />
          <div className={styles.actions}>
            <button type="submit" className={store.primary}>
              {t('replySubmit')}
            </button>
          </div>
        </form>
      )}
      <dialog ref={reportDialog} className={store.dialog} aria-labelledby={`report-${review.id}`}>
        <form onSubmit={report}>
          <h2 id={`report-${review.id}`}>{t('reportTitle')}</h2>
          <label>
            <span>{t('reportReason')}</span>
            <input name="reason" required maxLength={REVIEW_REASON_MAX} autoComplete="off" />
          </label>
          <div className={store.dialogActions}>
            <button type="button" className={store.ghost} onClick={() => reportDialog.current?.close()}>
              {t('cancel')}
            </button>
            <button type="submit" className={store.primary}>
              {t('reportSubmit')}
            </button>
          </div>
        </form>
      </dialog>
    </li>
  );
}
