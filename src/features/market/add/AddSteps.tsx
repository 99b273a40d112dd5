'use client';

import { Alert, Form, Input, Radio, Select } from 'antd';
import { useTranslations } from 'next-intl';
import type { Dispatch, SetStateAction } from 'react';
import { ITEM_LANGUAGES } from '@/contract/item-languages';
import { appFieldsSchema, CHANGELOG_MAX, type Kind, PREVIEW_MAX, VERSION_MAX } from '@/contract/market';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import styles from '../Market.module.css';
import { ReportView } from '../ReportView';
import type { UploadedFile } from '../upload-file';
import type { Developer } from './AddApp';
import type { Files } from './draft';
import { FileField } from './FileField';
import { IniNotice } from './IniNotice';

type BasicProps = {
  developer: Developer;
  kind: Kind;
  source: UploadedFile[];
  onSource: (files: UploadedFile[]) => void;
  prefilled: string;
};

/**
 * Step 1: the package first (its info.ini fills in the fields left empty), the developer (filled in,
 * read-only), name, description, contact.
 */
export function BasicStep({ developer, kind, source, onSource, prefilled }: BasicProps) {
  const t = useTranslations('market.add');
  const tr = useKeyText();
  const rule = (name: keyof typeof appFieldsSchema.shape) => [zodRule(appFieldsSchema, name, tr)];
  return (
    <>
      <Form.Item label={t('source')} required extra={t('sourceHint')}>
        <FileField type="source" kind={kind} max={1} value={source} onChange={onSource} label={t('source')} />
        <ReportView report={source[0]?.report} />
        {prefilled && <Alert className={styles.gap} type="info" showIcon title={prefilled} />}
        <IniNotice report={source[0]?.report} fields={['name']} />
      </Form.Item>
      <div className={styles.readonly}>
        <Form.Item label={t('developerId')} htmlFor="dev-id">
          <Input id="dev-id" aria-label={t('developerId')} value={String(developer.user_id)} disabled />
        </Form.Item>
        <Form.Item label={t('developerName')} htmlFor="dev-name">
          <Input id="dev-name" aria-label={t('developerName')} value={developer.name} disabled />
        </Form.Item>
        <Form.Item label={t('developerSite')} htmlFor="dev-site">
          <Input id="dev-site" aria-label={t('developerSite')} value={developer.site} disabled />
        </Form.Item>
      </div>
      <Form.Item name="name" label={t('name')} required rules={rule('name')}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="describe" label={t('describe')} required rules={rule('describe')}>
        <Input.TextArea rows={5} maxLength={2000} showCount />
      </Form.Item>
      <div className={styles.pair}>
        <Form.Item name="qq" label={t('qq')} rules={rule('qq')}>
          <Input />
        </Form.Item>
        <Form.Item name="wechat" label={t('wechat')} rules={rule('wechat')}>
          <Input />
        </Form.Item>
      </div>
    </>
  );
}

type InfoProps = { kind: Kind; files: Files; setFiles: Dispatch<SetStateAction<Files>>; locale: string };

/** Step 2: versions and what changed, devices, charge, languages and the images (each checked on upload). */
export function InfoStep({ kind, files, setFiles }: InfoProps) {
  const t = useTranslations('market.add');
  const tr = useKeyText();
  const rule = (name: keyof typeof appFieldsSchema.shape) => [zodRule(appFieldsSchema, name, tr)];
  const set = (name: keyof Files) => (value: Files[keyof Files]) =>
    setFiles((f) => ({ ...f, [name]: value }));
  const theme = kind === 'theme';
  return (
    <>
      <div className={styles.pair}>
        <Form.Item
          name="version"
          label={t('version')}
          required
          extra={t('versionHint')}
          rules={[
            { required: true, whitespace: true, message: tr('market.valid.versionRequired') },
            ...rule('version'),
          ]}
        >
          <Input placeholder="1.0.0" maxLength={VERSION_MAX} />
        </Form.Item>
        <Form.Item
          name="support_version"
          label={t('supportVersion')}
          required
          rules={rule('support_version')}
        >
          <Input placeholder="2025.1000" />
        </Form.Item>
        <Form.Item name="system_version" label={t('systemVersion')} rules={rule('system_version')}>
          <Input placeholder="PHP >= 7.4" />
        </Form.Item>
        <Form.Item name="lang_list" label={t('langs')} rules={rule('lang_list')}>
          <Select
            mode="multiple"
            aria-label={t('langs')}
            options={Object.entries(ITEM_LANGUAGES).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      </div>
      <IniNotice report={files.source[0]?.report} fields={['version']} />
      <Form.Item name="changelog" label={t('changelog')} extra={t('changelogHint')} rules={rule('changelog')}>
        <Input.TextArea rows={4} maxLength={CHANGELOG_MAX} showCount />
      </Form.Item>
      <Form.Item name="device" label={t('device')}>
        <Radio.Group options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`device${v}`) }))} />
      </Form.Item>
      <Form.Item name="toll" label={t('toll')}>
        <Radio.Group options={([0, 1] as const).map((v) => ({ value: v, label: t(`toll${v}`) }))} />
      </Form.Item>
      <Form.Item label={t(theme ? 'pcImage' : 'image')} required extra={t('imageHint')}>
        <FileField
          type="image"
          kind={kind}
          max={1}
          value={files.pc_image}
          onChange={set('pc_image')}
          label={t('image')}
        />
      </Form.Item>
      <Form.Item label={t(theme ? 'pcPreview' : 'preview')} extra={t('previewHint', { max: PREVIEW_MAX })}>
        <FileField
          type="image"
          kind={kind}
          max={PREVIEW_MAX}
          value={files.pc_preview}
          onChange={set('pc_preview')}
          label={t('preview')}
        />
      </Form.Item>
      {theme && (
        <>
          <Form.Item label={t('h5Image')}>
            <FileField
              type="image"
              kind={kind}
              max={1}
              value={files.h5_image}
              onChange={set('h5_image')}
              label={t('h5Image')}
            />
          </Form.Item>
          <Form.Item label={t('h5Preview')}>
            <FileField
              type="image"
              kind={kind}
              max={PREVIEW_MAX}
              value={files.h5_preview}
              onChange={set('h5_preview')}
              label={t('h5Preview')}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}
