'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OutboxInfo } from '@/contract/account';
import { userMailOutbox } from '@/contract/api/account';
import { formatTime } from '@/contract/format';
import { errorText, failureKind, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { Empty } from '@/features/layout/Empty';
import styles from './MailQueue.module.css';

/** The mail queue for administrators: counts, waiting and failed mail with the last error, "send again". */
export function MailQueue({ initial }: { initial: OutboxInfo }) {
  const t = useTranslations('user.mailQueue');
  const toast = useToast();
  const [info, setInfo] = useState(initial);

  const retry = async (id: number) => {
    try {
      const { info: next, msg } = await request(userMailOutbox, {
        action: 'retry',
        id,
      });
      setInfo(next);
      toast(msg, 'success');
    } catch (error) {
      toast(errorText(error), failureKind(error));
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <p className={styles.mode}>{t(`mode.${info.mode}`)}</p>
        <ul className={styles.counters}>
          <li>
            <strong>{info.pending}</strong> {t('pending')}
          </li>
          <li className={info.failed ? styles.bad : undefined}>
            <strong>{info.failed}</strong> {t('failed')}
          </li>
          <li>
            <strong>{info.sent_day}</strong> {t('sentDay')}
          </li>
        </ul>
        {info.list.length === 0 ? (
          <Empty hint={t('empty')} />
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table} data-testid="mail-queue">
              <thead>
                <tr>
                  <th>{t('created')}</th>
                  <th>{t('to')}</th>
                  <th>{t('subject')}</th>
                  <th>{t('state')}</th>
                  <th>{t('error')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {info.list.map((m) => (
                  <tr key={m.id}>
                    <td>{formatTime(m.create_time)}</td>
                    <td>{m.to}</td>
                    <td>{m.subject}</td>
                    <td className={m.status === 'failed' ? styles.bad : undefined}>
                      {t(`status.${m.status as 'pending' | 'failed'}`)} ·{' '}
                      {t('attempts', { count: m.attempts })}
                      {m.status === 'pending' && m.attempts > 0 && (
                        <>
                          <br />
                          {t('next', { time: formatTime(m.next_attempt) })}
                        </>
                      )}
                    </td>
                    <td className={styles.error}>{m.last_error}</td>
                    <td>
                      <button type="button" onClick={() => retry(m.id)}>
                        {t('retry')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
