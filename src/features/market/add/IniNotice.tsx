'use client';

import { Alert, Form } from 'antd';
import { useTranslations } from 'next-intl';
import type { Report } from '@/contract/developer-output';
import styles from '../Market.module.css';
import { type IniField, iniMismatches } from './from-ini';

/**
 * What the package's info.ini says against what the developer typed: the CMS reads info.ini once the
 * package is installed, so a difference is shown (naming both values) but does not block the form.
 */
export function IniNotice({ report, fields }: { report: Report | null | undefined; fields: IniField[] }) {
  const t = useTranslations('market.add');
  const form = Form.useFormInstance();
  const name = Form.useWatch('name', form);
  const describe = Form.useWatch('describe', form);
  const version = Form.useWatch('version', form);
  const info = report?.info;
  if (!info) return null;
  const label: Record<IniField, string> = { name: t('name'), describe: t('describe'), version: t('version') };
  const lines = iniMismatches(info, { name, describe, version }, fields).map((m) =>
    t('mismatch', { field: label[m.field], typed: m.typed, stated: m.stated }),
  );
  // A theme's info.ini may name its folder (`dir`); the CMS installs it as the zip's.
  if (fields.includes('name') && info.folder && report.folder && info.folder !== report.folder)
    lines.push(t('folderMismatch', { folder: report.folder, stated: info.folder }));
  if (!lines.length) return null;
  return (
    <Alert
      className={styles.gap}
      type="warning"
      showIcon
      title={t('mismatchTitle')}
      description={
        <>
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>{t('mismatchHint')}</p>
        </>
      }
    />
  );
}
