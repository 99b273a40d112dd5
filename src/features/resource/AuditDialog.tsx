'use client';

import { Input, Modal, Radio } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { resourceAudit } from '@/contract/api/resource';
import type { StationView } from '@/contract/resource';
import { errorText, failureKind, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';

/** Approve or reject one station, with remarks (required to reject). */
export function AuditDialog({
  station,
  onClose,
}: {
  station: StationView | null;
  onClose: (changed: boolean) => void;
}) {
  const t = useTranslations('resource.list');
  const toast = useToast();
  const [status, setStatus] = useState<1 | 2>(1);
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!station) return;
    setBusy(true);
    try {
      const { msg } = await request(resourceAudit, { id: station.id, status, remarks });
      toast(msg, 'success');
      setRemarks('');
      onClose(true);
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={station !== null}
      title={station ? t('auditTitle', { name: station.name }) : ''}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Radio.Group value={status} onChange={(e) => setStatus(e.target.value)}>
        <Radio value={1}>{t('approve')}</Radio>
        <Radio value={2}>{t('reject')}</Radio>
      </Radio.Group>
      <label htmlFor="audit-remarks" style={{ display: 'block', margin: '14px 0 6px' }}>
        {t('remarks')}
      </label>
      <Input.TextArea
        id="audit-remarks"
        value={remarks}
        maxLength={500}
        rows={3}
        placeholder={t('remarksPlaceholder')}
        onChange={(e) => setRemarks(e.target.value)}
      />
    </Modal>
  );
}
