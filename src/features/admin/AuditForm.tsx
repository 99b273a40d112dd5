'use client';

import { Button, Form, Input, Radio, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { kindOps } from '@/contract/api/developer';
import { reviewNext } from '@/contract/api/review';
import { KIND_SEGMENT, type Kind } from '@/contract/market';
import { call, request } from '@/features/api/client';
import { AntdShell } from '@/features/common/AntdShell';
import { useToast } from '@/features/common/Toast';
import { useBusyAction } from '@/features/common/useBusyAction';
import { useRouter } from '@/i18n/navigation';

type Values = { status: 1 | 2; version: string; remarks: string };

/** The audit form: success (version number required) or failure (a reason required), then do_audit. */
export function AuditForm({
  kind,
  id,
  versionId,
  proposed,
}: {
  kind: Kind;
  id: number;
  versionId: number;
  proposed: string;
}) {
  const t = useTranslations('market');
  const [form] = Form.useForm<Values>();
  const status = Form.useWatch('status', form);
  const toast = useToast();
  const router = useRouter();
  // Which button sent the form: "save" stays on the item, "save and open next" moves along the queue.
  const thenNext = useRef(false);
  const [busy, save] = useBusyAction(async (values: Values) => {
    const { msg } = await request(kindOps(kind).doAudit, { id, version_id: versionId, ...values });
    toast(msg, 'success');
    if (!thenNext.current) return router.refresh();
    const { next } = await call(reviewNext, { exclude: id });
    if (next) router.push(`/admin/${KIND_SEGMENT[next.kind]}/${next.id}`);
    else {
      toast(t('review.queueEmpty'), 'success');
      router.push(`/admin/${KIND_SEGMENT[kind]}`);
    }
  });
  return (
    <AntdShell>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ status: 1, version: proposed, remarks: '' }}
        onFinish={save}
      >
        <Form.Item name="status" label={t('audit.result')}>
          <Radio.Group
            options={[
              { value: 1, label: t('audit.success') },
              { value: 2, label: t('audit.failure') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('add.version')}
          required={status !== 2}
          rules={[{ required: status !== 2, whitespace: true, message: t('valid.versionRequired') }]}
        >
          <Input placeholder="1.0.0" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="remarks"
          label={t('col.remarks')}
          required={status === 2}
          rules={[{ required: status === 2, whitespace: true, message: t('valid.remarksRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} onClick={() => (thenNext.current = true)}>
            {t('review.saveNext')}
          </Button>
          <Button htmlType="submit" loading={busy} onClick={() => (thenNext.current = false)}>
            {t('audit.save')}
          </Button>
        </Space>
      </Form>
    </AntdShell>
  );
}
