'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { developerFeedbackList, developerFeedbackRead } from '@/contract/api/developer';
import { FEEDBACK_PAGE_SIZE, type FeedbackPage } from '@/contract/feedback';
import { STATUS_FILTERS } from '@/contract/market';
import { call, errorText, failureKind } from '@/features/api/client';
import { useLatest } from '@/features/api/use-latest';
import { useToast } from '@/features/common/Toast';
import { Empty } from '@/features/layout/Empty';
import marketStyles from '../Market.module.css';
import { FeedbackCard } from './FeedbackCard';
import styles from './FeedbackList.module.css';

type Filters = { type: '' | 'plugin' | 'theme'; status: (typeof STATUS_FILTERS)[number]; all: boolean };

const TYPES = [
  ['', 'allTypes'],
  ['plugin', 'plugins'],
  ['theme', 'themes'],
] as const;

/** The developer centre's problem feedback: filters, pages, mark as read (through the public API). */
export function FeedbackList({ initial, admin }: { initial: FeedbackPage; admin: boolean }) {
  const t = useTranslations('feedback.list');
  const tf = useTranslations('market.filter');
  const toast = useToast();
  const [filters, setFilters] = useState<Filters>({ type: '', status: '', all: false });
  const [page, setPage] = useState(1);
  const [data, setData] = useState(initial);
  const [busy, setBusy] = useState(false);
  const first = useRef(true);
  const latest = useLatest();

  /** Only the newest page asked for is shown: an older answer arriving late is dropped. */
  const load = (f: Filters, p: number) => {
    setBusy(true);
    const payload = { ...f, all: f.all ? 1 : 0, page: p, limit: FEEDBACK_PAGE_SIZE };
    latest(
      call(developerFeedbackList, payload),
      (page) => {
        setData(page);
        setBusy(false);
      },
      (error) => {
        toast(errorText(error) || t('failed'), 'error');
        setBusy(false);
      },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the filters or the page change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    load(filters, page);
  }, [filters, page]);

  const choose = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };

  const markRead = async (payload: { id: number } | { all: 1 }) => {
    try {
      await call(developerFeedbackRead, payload);
      load(filters, page);
    } catch (error) {
      toast(errorText(error), failureKind(error));
    }
  };

  const pages = Math.max(1, Math.ceil(data.count / FEEDBACK_PAGE_SIZE));
  const filtered = filters.type !== '' || filters.status !== '';
  return (
    <section className={marketStyles.panel} id="feedback" aria-labelledby="feedback-title">
      <div className={styles.head}>
        <h2 id="feedback-title">
          {t('title')}
          {data.unread > 0 && <span className={styles.unread}>{t('unread', { n: data.unread })}</span>}
        </h2>
        {data.unread > 0 && (
          <button type="button" className={styles.button} onClick={() => markRead({ all: 1 })}>
            {t('markAll')}
          </button>
        )}
      </div>
      <div className={styles.filters}>
        <fieldset className={styles.pills}>
          <legend className="sr-only">{t('typeLabel')}</legend>
          <span className={styles.groupLabel} aria-hidden="true">
            {t('typeShort')}
          </span>
          {TYPES.map(([value, label]) => (
            <Pill
              key={label}
              name="feedback-type"
              checked={filters.type === value}
              onChange={() => choose({ type: value })}
              label={t(label)}
            />
          ))}
        </fieldset>
        <fieldset className={styles.pills}>
          <legend className="sr-only">{tf('label')}</legend>
          <span className={styles.groupLabel} aria-hidden="true">
            {t('statusShort')}
          </span>
          {STATUS_FILTERS.map((s) => (
            <Pill
              key={s || 'all'}
              name="feedback-status"
              checked={filters.status === s}
              onChange={() => choose({ status: s })}
              label={tf(s || 'all')}
            />
          ))}
        </fieldset>
        {admin && (
          <label className={styles.everyone}>
            <input
              type="checkbox"
              checked={filters.all}
              onChange={(e) => choose({ all: e.target.checked })}
            />
            {t('everyone')}
          </label>
        )}
      </div>
      {data.list.length === 0 ? (
        <Empty hint={filtered ? t('emptyFiltered') : t('empty')} />
      ) : (
        <ol className={styles.list} aria-busy={busy}>
          {data.list.map((row) => (
            <FeedbackCard key={row.id} row={row} onRead={(id) => markRead({ id })} />
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('pager')}>
          <button
            type="button"
            className={styles.button}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('prev')}
          </button>
          <span>{t('pageOf', { page, pages })}</span>
          <button
            type="button"
            className={styles.button}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** One choice of a filter: a radio button drawn as a pill. */
function Pill(props: { name: string; checked: boolean; onChange: () => void; label: string }) {
  return (
    <label className={`${styles.pill} ${props.checked ? styles.on : ''}`}>
      <input
        type="radio"
        className="sr-only"
        name={props.name}
        checked={props.checked}
        onChange={props.onChange}
      />
      {props.label}
    </label>
  );
}
