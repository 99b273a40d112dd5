'use client';

import { Button, Form, Result, Steps } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { resourceAdd, resourceProbe, resourceTypes } from '@/contract/api/resource';
import type { ProbeResult, ResourceType } from '@/contract/resource';
import type { UserInfo } from '@/contract/user';
import { call, errorText, failureKind, request } from '@/features/api/client';
import { useLatest } from '@/features/api/use-latest';
import { useSession } from '@/features/auth/SessionProvider';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { AntdShell } from '@/features/common/AntdShell';
import { useToast } from '@/features/common/Toast';
import { Link } from '@/i18n/navigation';
import { LoginNeeded } from './LoginNeeded';
import styles from './Manage.module.css';
import { StationForm, type StationValues } from './StationForm';
import { StationSummary } from './StationSummary';

/** /market/resource/add: resource information, then submit for review. */
export function AddStation({ serverUser }: { serverUser: UserInfo | null }) {
  return (
    <>
      <SessionSeed user={serverUser} />
      <AddStationBody serverUser={serverUser} />
    </>
  );
}

function AddStationBody({ serverUser }: { serverUser: UserInfo | null }) {
  const t = useTranslations('resource.add');
  const { user, ready } = useSession();
  const current = ready ? user : serverUser;
  const toast = useToast();
  const [form] = Form.useForm<StationValues>();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [types, setTypes] = useState<ResourceType[]>([]);
  const [probe, setProbe] = useState<(ProbeResult & { url: string }) | null>(null);
  const [probing, setProbing] = useState(false);
  const [busy, setBusy] = useState(false);

  const latest = useLatest();

  useEffect(
    () =>
      latest(
        call(resourceTypes, {}),
        (info) => setTypes(info.list),
        (error) => toast(errorText(error), failureKind(error)),
      ),
    [toast, latest],
  );

  const runProbe = async () => {
    const url = await form.validateFields(['api_url']).then(
      (v) => v.api_url as string,
      () => null,
    );
    if (!url) return null;
    setProbing(true);
    try {
      const result = await call(resourceProbe, { api_url: url });
      setProbe({ ...result, url });
      return result.ok;
    } catch (error) {
      toast(errorText(error), failureKind(error));
      return null;
    } finally {
      setProbing(false);
    }
  };

  const next = async () => {
    const url = form.getFieldValue('api_url') as string;
    const ok = probe?.url === url ? probe.ok : await runProbe();
    if (ok) setStep(1);
    else if (ok === false) toast(t('probeNeeded'), 'error');
  };

  const submit = async () => {
    setBusy(true);
    try {
      const { msg } = await request(resourceAdd, form.getFieldsValue(true));
      toast(msg, 'success');
      setStep(2);
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };

  if (!current) return <LoginNeeded />;
  return (
    <AntdShell>
      <div className={styles.card}>
        <div className={styles.steps}>
          <Steps current={Math.min(step, 1)} items={[{ title: t('stepInfo') }, { title: t('stepSubmit') }]} />
        </div>
        <div hidden={step !== 0}>
          <StationForm
            form={form}
            types={types}
            probe={probe}
            probing={probing}
            onProbe={() => void runProbe()}
            onUrlChange={() => setProbe(null)}
            onNext={() => void next()}
          />
        </div>
        {step === 1 && (
          <StationSummary
            values={form.getFieldsValue(true)}
            types={types}
            probe={probe}
            busy={busy}
            onBack={() => setStep(0)}
            onSubmit={submit}
          />
        )}
        {step === 2 && (
          <Result
            status="success"
            title={t('doneTitle')}
            subTitle={t('doneHint')}
            extra={[
              <Link key="list" href="/market/resource" className={styles.primaryLink}>
                {t('toList')}
              </Link>,
              <Button
                key="again"
                onClick={() => {
                  form.resetFields();
                  setProbe(null);
                  setStep(0);
                }}
              >
                {t('again')}
              </Button>,
            ]}
          />
        )}
      </div>
    </AntdShell>
  );
}
