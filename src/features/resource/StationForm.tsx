'use client';

import { Button, Checkbox, Form, type FormInstance, Input, Radio, Select } from 'antd';
import { useTranslations } from 'next-intl';
import { type ProbeResult, type ResourceType, SUPPORT_FLAGS, stationSchema } from '@/contract/resource';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import styles from './Manage.module.css';
import { ProbeStatus } from './ProbeStatus';

export type StationValues = {
  type_id?: number;
  name: string;
  player_code: string;
  api_url: string;
  site_url: string;
  support: string[];
  toll: '0' | '1';
  describe: string;
};

type Props = {
  form: FormInstance<StationValues>;
  types: ResourceType[];
  probe: ProbeResult | null;
  probing: boolean;
  onProbe: () => void;
  onUrlChange: () => void;
  onNext: () => void;
};

/** Step 1, "resource information": every field required, checked on blur with the shared schema. */
export function StationForm({ form, types, probe, probing, onProbe, onUrlChange, onNext }: Props) {
  const t = useTranslations();
  const tr = useKeyText();
  const rule = (name: keyof typeof stationSchema.shape) => [zodRule(stationSchema, name, tr)];
  const label = (key: string) => tr(`resource.add.${key}`);
  return (
    <div className={styles.form}>
      <Form<StationValues>
        form={form}
        name="station"
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ support: [], toll: '0' }}
        onFinish={onNext}
      >
        <Form.Item
          name="type_id"
          label={label('type')}
          required
          rules={rule('type_id')}
          validateTrigger="onChange"
        >
          <Select
            placeholder={label('typePlaceholder')}
            options={types.map((type) => ({ value: type.type_id, label: type.type_name }))}
          />
        </Form.Item>
        <Form.Item name="name" label={label('name')} required rules={rule('name')}>
          <Input maxLength={60} placeholder={label('namePlaceholder')} />
        </Form.Item>
        <Form.Item name="player_code" label={label('playerCode')} required rules={rule('player_code')}>
          <Input maxLength={40} placeholder={label('playerCodePlaceholder')} />
        </Form.Item>
        <Form.Item label={label('apiUrl')} required extra={label('apiUrlHint')}>
          <div className={styles.probeRow}>
            <Form.Item name="api_url" noStyle rules={rule('api_url')}>
              <Input
                aria-label={label('apiUrl')}
                type="url"
                placeholder={label('apiUrlPlaceholder')}
                onChange={onUrlChange}
              />
            </Form.Item>
            <Button onClick={onProbe} loading={probing}>
              {probing ? label('probing') : label('probe')}
            </Button>
          </div>
          <ProbeStatus probe={probe} />
        </Form.Item>
        <Form.Item name="site_url" label={label('siteUrl')} required rules={rule('site_url')}>
          <Input type="url" placeholder={label('siteUrlPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="support"
          label={label('support')}
          required
          rules={rule('support')}
          validateTrigger="onChange"
        >
          <Checkbox.Group
            options={SUPPORT_FLAGS.map((flag) => ({
              value: flag,
              label: t(`resource.page.support.${flag}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="toll" label={label('toll')} required rules={rule('toll')} validateTrigger="onChange">
          <Radio.Group
            options={[
              { value: '0', label: t('resource.page.free') },
              { value: '1', label: t('resource.page.charge') },
            ]}
          />
        </Form.Item>
        <Form.Item name="describe" label={label('describe')} required rules={rule('describe')}>
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder={label('describePlaceholder')} />
        </Form.Item>
        <div className={styles.actions}>
          <Button type="primary" htmlType="submit">
            {label('next')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
