'use client';

import { Button, Input, Modal, Segmented } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { itemReviewModerate, itemReviewModeration } from '@/contract/api/item-reviews';
import { formatTime } from '@/contract/format';
import {
  REVIEW_REASON_MAX,
  type ReviewModerationPage,
  type ReviewModerationRow,
} from '@/contract/item-reviews';
import { KIND_SEGMENT } from '@/contract/market';
import { request } from '@/features/api/client';
import { DataTable } from '@/features/common/DataTable';
import { useToast } from '@/features/common/Toast';
import { useBusyAction } from '@/features/common/useBusyAction';
import { Empty } from '@/features/layout/Empty';
import { Link } from '@/i18n/navigation';
import styles from './KnownReleases.module.css';

type View = 'reported' | 'hidden';

/** Reported reviews (most reported first) to hide with a reason, and hidden ones to show again. */
export function ReviewModeration({ initial }: { initial: ReviewModerationPage }) {
  const t = useTranslations('reviews.admin');
  const toast = useToast();
  const [view, setView] = useState<View>('reported');
  const [data, setData] = useState(initial);
  const [hiding, setHiding] = useState<ReviewModerationRow | null>(null);
  const [reason, setReason] = useState('');

  const [loading, load] = useBusyAction(async (next: View, page: number) => {
    const { info } = await request(itemReviewModeration, { view: next, page });
    setView(next);
    setData(info);
  });
  const [saving, moderate] = useBusyAction(async (row: ReviewModerationRow, hidden: boolean) => {
    const { msg } = await request(itemReviewModerate, { review_id: row.id, hidden, reason });
    toast(msg, 'success');
    setHiding(null);
    setReason('');
    await load(view, data.page);
  });

  const pages = Math.max(1, Math.ceil(data.count / data.limit));
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <p className={styles.intro}>{t('intro')}</p>
        <Segmented<View>
          value={view}
          options={[
            { value: 'reported', label: t('reported') },
            { value: 'hidden', label: t('hidden') },
          ]}
          onChange={(v) => void load(v, 1)}
          disabled={loading}
        />
        {data.list.length === 0 ? (
          <Empty hint={t(view === 'reported' ? 'emptyReported' : 'emptyHidden')} />
        ) : (
          <DataTable
            head={[
              t('item'),
              t('author'),
              t('rating'),
              t('content'),
              t(view === 'hidden' ? 'why' : 'reports'),
              '',
            ]}
          >
            {data.list.map((r) => (
              <tr key={r.id} data-testid="moderated-review">
                <td>
                  <Link href={`/market/${KIND_SEGMENT[r.type]}/${r.app_id}`}>{r.item_name}</Link>
                </td>
                <td>{r.user_name || `#${r.user_id}`}</td>
                <td>{r.rating}</td>
                <td>
                  {r.content}
                  <br />
                  <small>{formatTime(r.update_time)}</small>
                </td>
                <td>{view === 'hidden' ? r.hidden_reason : `${r.reports}: ${r.reasons.join(' / ')}`}</td>
                <td>
                  {r.hidden ? (
                    <Button size="small" loading={saving} onClick={() => void moderate(r, false)}>
                      {t('show')}
                    </Button>
                  ) : (
                    <Button size="small" danger onClick={() => setHiding(r)}>
                      {t('hide')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {pages > 1 && (
          <p>
            <Button disabled={data.page <= 1 || loading} onClick={() => void load(view, data.page - 1)}>
              {t('previous')}
            </Button>{' '}
            {data.page} / {pages}{' '}
            <Button disabled={data.page >= pages || loading} onClick={() => void load(view, data.page + 1)}>
              {t('next')}
            </Button>
          </p>
        )}
      </section>
      <Modal
        open={hiding !== null}
        title={t('hideTitle')}
        okText={t('hide')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: saving }}
        cancelText={t('cancel')}
        onOk={() => hiding && void moderate(hiding, true)}
        onCancel={() => setHiding(null)}
      >
        <p>{t('hideHelp')}</p>
        <Input.TextArea
          value={reason}
          maxLength={REVIEW_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          aria-label={t('why')}
          autoSize={{ minRows: 2 }}
        />
      </Modal>
    </div>
  );
}
