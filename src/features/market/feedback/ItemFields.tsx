'use client';

import { Form, type FormInstance, Radio, Select, Spin } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { feedbackItems } from '@/contract/api/market';
import { type FeedbackTarget, feedbackFieldsSchema } from '@/contract/feedback';
import type { Kind } from '@/contract/market';
import { call } from '@/features/api/client';
import { useLatest } from '@/features/api/use-latest';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import styles from './Feedback.module.css';

type Props = {
  form: FormInstance;
  initial: FeedbackTarget | null;
  onTarget: (target: FeedbackTarget | null) => void;
};

/** Type, the released item (searched on the server as one types) and the version it concerns. */
export function ItemFields({ form, initial, onTarget }: Props) {
  const t = useTranslations('feedback.page');
  const tr = useKeyText();
  const rule = (name: 'id' | 'type' | 'version') => [zodRule(feedbackFieldsSchema, name, tr)];
  const type = Form.useWatch('type', form) as Kind | undefined;
  const id = Form.useWatch('id', form) as number | undefined;
  const [options, setOptions] = useState<FeedbackTarget[]>(initial ? [initial] : []);
  const [loading, setLoading] = useState(false);
  const latest = useLatest();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const target = options.find((o) => o.id === id) ?? (initial?.id === id ? initial : null);
  const selected = useRef(target);
  selected.current = target?.type === form.getFieldValue('type') ? target : null;

  const search = useCallback(
    (name: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setLoading(true);
        // Only the newest search's answer lands, however the answers arrive.
        latest(
          call(feedbackItems, { type: form.getFieldValue('type'), name }),
          (info) => {
            // The chosen item stays among the options (as its label) even when the search leaves it out.
            const chosen = selected.current;
            const keep = chosen && !info.list.some((o) => o.id === chosen.id) ? [chosen] : [];
            setOptions([...keep, ...info.list]);
            setLoading(false);
          },
          () => {
            setOptions([]);
            setLoading(false);
          },
        );
      }, 250);
    },
    [form, latest],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (type) search('');
  }, [type, search]);

  useEffect(() => onTarget(target), [target, onTarget]);

  return (
    <>
      <Form.Item name="type" label={t('type')} rules={rule('type')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'plugin', label: t('plugin') },
            { value: 'theme', label: t('theme') },
          ]}
          onChange={() => form.setFieldsValue({ id: undefined, version: undefined })}
        />
      </Form.Item>
      <div className={styles.pair}>
        <Form.Item name="id" label={t('item')} required rules={rule('id')}>
          <Select
            showSearch={{ filterOption: false, onSearch: search }}
            placeholder={t('itemPlaceholder')}
            notFoundContent={loading ? <Spin size="small" /> : t('noItems')}
            onChange={(value: number) => {
              const chosen = options.find((o) => o.id === value);
              form.setFieldsValue({ version: chosen?.version });
            }}
            options={options.map((o) => ({
              value: o.id,
              label: (
                <span className={styles.option}>
                  <span>{o.name}</span>
                  <small>{o.version}</small>
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="version" label={t('version')} required rules={rule('version')}>
          <Select
            disabled={!target}
            options={[...(target?.versions ?? [])].reverse().map((v) => ({
              value: v,
              label: v === target?.version ? t('current', { version: v }) : v,
            }))}
          />
        </Form.Item>
      </div>
    </>
  );
}
