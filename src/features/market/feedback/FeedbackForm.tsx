'use client';

import { Alert, Button, Form, Input, Progress, Result } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { marketFeedback } from '@/contract/api/market';
import type { OutputOf } from '@/contract/api/operation';
import {
  charCount,
  FEEDBACK_CONTENT_MAX,
  type FeedbackTarget,
  feedbackFieldsSchema,
} from '@/contract/feedback';
import type { Kind } from '@/contract/market';
import { ApiError, pathOf } from '@/features/api/client';
import { AntdShell } from '@/features/common/AntdShell';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import { Link } from '@/i18n/navigation';
import { sendForm } from '../upload-file';
import styles from './Feedback.module.css';
import { ItemFields } from './ItemFields';
import { filesOf, MediaFields } from './MediaFields';

type Values = { type: Kind; id?: number; version?: string; content?: string; images?: []; videos?: [] };
type ServerInfo = { field?: string; errors?: Record<string, string> } | null;

const limitChars = (text: string, { max }: { max: number }) => Array.from(text).slice(0, max).join('');

/** /market/feedback: report a problem with a released plugin or theme to its developer. */
export function FeedbackForm({ initial, type }: { initial: FeedbackTarget | null; type: Kind }) {
  const t = useTranslations('feedback.page');
  const tr = useKeyText();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [target, setTarget] = useState<FeedbackTarget | null>(initial);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const onTarget = useCallback((next: FeedbackTarget | null) => setTarget(next), []);

  const submit = async (values: Values) => {
    setError('');
    const data = new FormData();
    data.append('id', String(values.id ?? ''));
    data.append('type', values.type);
    data.append('version', values.version ?? '');
    data.append('content', values.content ?? '');
    for (const f of filesOf(values.images)) data.append('images', f);
    for (const f of filesOf(values.videos)) data.append('videos', f);
    setPercent(0);
    try {
      // Multipart through XHR for its progress: the operation's path and answer type, not call().
      await sendForm<OutputOf<typeof marketFeedback>>({
        path: pathOf(marketFeedback),
        data,
        locale,
        onProgress: setPercent,
        fallback: t('failed'),
      });
      setDone(target?.name ?? '');
    } catch (e) {
      const info = (e instanceof ApiError ? e.info : null) as ServerInfo;
      const fields = info?.errors ?? (info?.field ? { [info.field]: (e as Error).message } : {});
      form.setFields(
        Object.entries(fields).map(([name, text]) => ({ name: name as keyof Values, errors: [text] })),
      );
      setError((e as Error).message);
    } finally {
      setPercent(null);
    }
  };

  // The form stays mounted while the thanks show, so "report another" keeps the item and version.
  return (
    <AntdShell>
      {done !== null && (
        <div className={styles.card}>
          <Result
            status="success"
            title={t('doneTitle')}
            subTitle={t('doneText', { name: done })}
            extra={
              <Button
                type="primary"
                onClick={() => {
                  form.setFieldsValue({ content: '', images: [], videos: [] });
                  setDone(null);
                }}
              >
                {t('again')}
              </Button>
            }
          />
        </div>
      )}
      <div className={styles.layout} hidden={done !== null}>
        <div className={styles.card}>
          <p className={styles.lead}>{t('lead')}</p>
          <Form
            form={form}
            layout="vertical"
            validateTrigger="onBlur"
            initialValues={{ type: initial?.type ?? type, id: initial?.id, version: initial?.version }}
            onFinish={submit}
            requiredMark
          >
            <ItemFields form={form} initial={initial} onTarget={onTarget} />
            <Form.Item
              name="content"
              label={t('content')}
              required
              rules={[zodRule(feedbackFieldsSchema, 'content', tr)]}
            >
              <Input.TextArea
                rows={5}
                placeholder={t('contentPlaceholder')}
                count={{
                  show: true,
                  max: FEEDBACK_CONTENT_MAX,
                  strategy: charCount,
                  exceedFormatter: limitChars,
                }}
              />
            </Form.Item>
            <MediaFields />
            {error && <Alert className={styles.progress} type="error" showIcon title={error} />}
            {percent !== null && (
              <div className={styles.progress}>
                <Progress percent={percent} size="small" aria-label={t('sending', { percent })} />
              </div>
            )}
            <Form.Item>
              <div className={styles.actions}>
                <Button type="primary" htmlType="submit" size="large" loading={percent !== null}>
                  {percent !== null ? t('sending', { percent }) : t('submit')}
                </Button>
              </div>
            </Form.Item>
          </Form>
        </div>
        <aside className={styles.tips}>
          <h2>{t('tipsTitle')}</h2>
          <ol>
            <li>{t('tip1')}</li>
            <li>{t('tip2')}</li>
            <li>{t('tip3')}</li>
            <li>{t('tip4')}</li>
          </ol>
          <p>{t('privacy')}</p>
          <p className={styles.own}>
            {t.rich('ownItems', { link: (text) => <Link href="/market/devCenter#feedback">{text}</Link> })}
          </p>
        </aside>
      </div>
    </AntdShell>
  );
}
