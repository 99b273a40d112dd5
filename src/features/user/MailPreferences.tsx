'use client';

import { Switch } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { MAIL_TOPICS, type MailTopic, type MailPreferences as Prefs } from '@/contract/account';
import { userMailPreferences } from '@/contract/api/account';
import { call, errorText, failureKind, request } from '@/features/api/client';
import { useLatest } from '@/features/api/use-latest';
import { useToast } from '@/features/common/Toast';
import styles from './User.module.css';

type Props = {
  /** The key of an unsubscribe link; without it the session decides whose switches these are. */
  linkKey?: string;
  /** The topic an unsubscribe link was for: offered first, as one button. */
  off?: MailTopic;
};

/** One switch per kind of notification mail (account mail is always sent). */
export function MailPreferences({ linkKey, off }: Props) {
  const t = useTranslations('user.mail');
  const toast = useToast();
  const [prefs, setPrefs] = useState<Prefs | null>(null);
  const [failed, setFailed] = useState('');

  const latest = useLatest();

  useEffect(
    () =>
      latest(call(userMailPreferences, linkKey ? { key: linkKey } : {}), setPrefs, (error) =>
        setFailed(errorText(error)),
      ),
    [latest, linkKey],
  );

  const set = async (topic: MailTopic, on: boolean) => {
    try {
      const { info, msg } = await request(userMailPreferences, {
        ...(linkKey ? { key: linkKey } : {}),
        [topic]: on,
      });
      setPrefs(info);
      toast(msg, 'success');
    } catch (error) {
      toast(errorText(error), failureKind(error));
    }
  };

  return (
    <section className={styles.formCard} aria-labelledby="mail-title">
      <h2 id="mail-title">{t('title')}</h2>
      <p className={styles.hint}>{prefs ? t('hint', { email: prefs.email }) : failed || '\u00a0'}</p>
      {prefs && off && (
        <p className={styles.unsubscribe} role="status">
          {prefs[off] ? (
            <button type="button" className={styles.primary} onClick={() => set(off, false)}>
              {t('unsubscribe', { topic: t(`${off}.name`) })}
            </button>
          ) : (
            t('unsubscribed', { topic: t(`${off}.name`) })
          )}
        </p>
      )}
      {prefs && (
        <ul className={styles.switches}>
          {MAIL_TOPICS.map((topic) => (
            <li key={topic}>
              <div>
                <p id={`mail-${topic}`} className={styles.sessionDevice}>
                  {t(`${topic}.name`)}
                </p>
                <p className={styles.sessionMeta}>{t(`${topic}.hint`)}</p>
              </div>
              <Switch
                checked={prefs[topic]}
                aria-labelledby={`mail-${topic}`}
                onChange={(on) => set(topic, on)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
