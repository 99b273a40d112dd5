'use client';

import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import type { ProbeResult, ResourceType } from '@/contract/resource';
import { FactList } from '@/features/common/FactList';
import styles from './Manage.module.css';
import { ProbeStatus } from './ProbeStatus';
import type { StationValues } from './StationForm';

type Props = {
  values: StationValues;
  types: ResourceType[];
  probe: ProbeResult | null;
  busy: boolean;
  onBack: () => void;
  onSubmit: () => void;
};

/** Step 2, "submit for review": what will be sent, the check result, and the submit button. */
export function StationSummary({ values, types, probe, busy, onBack, onSubmit }: Props) {
  const t = useTranslations('resource');
  const rows: [string, string][] = [
    [t('add.type'), types.find((type) => type.type_id === values.type_id)?.type_name ?? ''],
    [t('add.name'), values.name],
    [t('add.playerCode'), values.player_code],
    [t('add.apiUrl'), values.api_url],
    [t('add.siteUrl'), values.site_url],
    [
      t('add.support'),
      values.support.map((f) => t(`page.support.${f as 'https' | 'm3u8' | 'player'}`)).join(' / '),
    ],
    [t('add.toll'), values.toll === '1' ? t('page.charge') : t('page.free')],
    [t('add.describe'), values.describe],
  ];
  return (
    <>
      <p className={styles.lead}>{t('add.review')}</p>
      <FactList rows={rows} className={styles.summary} flat />
      <div className={styles.lead}>
        <ProbeStatus probe={probe} />
      </div>
      <div className={styles.actions}>
        <Button onClick={onBack}>{t('add.prev')}</Button>
        <Button type="primary" loading={busy} onClick={onSubmit}>
          {t('add.submit')}
        </Button>
      </div>
    </>
  );
}
