'use client';

import { Alert, Button, Form, Result, Steps } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { kindOps } from '@/contract/api/developer';
import { appFieldsSchema, type Kind, PREVIEW_MAX, REVIEW_DAYS } from '@/contract/market';
import { errorText, request } from '@/features/api/client';
import { AntdShell } from '@/features/common/AntdShell';
import { recheckErrors } from '@/features/common/recheckErrors';
import { useToast } from '@/features/common/Toast';
import { Link } from '@/i18n/navigation';
import styles from '../Market.module.css';
import { ReportView } from '../ReportView';
import type { UploadedFile } from '../upload-file';
import { BasicStep, InfoStep } from './AddSteps';
import { clearDraft, draftKey, EMPTY_FILES, type Files, loadDraft, saveDraft } from './draft';
import { emptyFieldsFromIni, type IniField } from './from-ini';

export type Developer = { user_id: number; name: string; site: string };
export type EditData = { id: number; remarks: string; values: Record<string, unknown>; files: Files };

const STEP_FIELDS = [
  ['name', 'describe', 'qq', 'wechat'],
  ['version', 'changelog', 'support_version', 'system_version', 'device', 'toll', 'lang_list'],
];

/** /market/plug/add and /market/theme/add: three steps, a draft kept across reloads, edit of a failed item. */
export function AddApp({
  kind,
  developer,
  edit,
}: {
  kind: Kind;
  developer: Developer;
  edit: EditData | null;
}) {
  const t = useTranslations('market.add');
  const tr = useTranslations();
  const locale = useLocale();
  const toast = useToast();
  const [form] = Form.useForm();
  const key = draftKey(kind, edit?.id ?? null);
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<Files>(edit?.files ?? EMPTY_FILES);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ id: number; queue: number; held: boolean } | null>(null);
  const restored = useRef(false);

  useEffect(() => {
    const draft = loadDraft(key);
    if (draft) {
      form.setFieldsValue(draft.values);
      setFiles({ ...EMPTY_FILES, ...draft.files });
      setStep(draft.step);
    }
    restored.current = true;
  }, [form, key]);

  // The package comes first: what its info.ini says fills the fields still empty (never the developer's own).
  const [prefilled, setPrefilled] = useState('');
  const onSource = (source: UploadedFile[]) => {
    const info = source[0]?.report?.info;
    const filled = info ? emptyFieldsFromIni(info, (field) => form.getFieldValue(field)) : {};
    if (Object.keys(filled).length) form.setFieldsValue(filled);
    const label = { name: t('name'), describe: t('describe'), version: t('version') };
    setPrefilled(
      Object.keys(filled).length
        ? t('prefilled', {
            fields: Object.keys(filled)
              .map((f) => label[f as IniField])
              .join(', '),
          })
        : '',
    );
    setFiles((f) => ({ ...f, source }));
  };

  const persist = useCallback(() => {
    if (restored.current) saveDraft(key, { step, values: form.getFieldsValue(true), files });
  }, [form, key, step, files]);
  useEffect(persist, [persist]);

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
    } catch {
      return;
    }
    if (step === 0 && files.source.length === 0) return toast(tr('market.valid.sourceRequired'), 'error');
    if (step === 1 && files.pc_image.length === 0) return toast(tr('market.valid.imageRequired'), 'error');
    setStep(step + 1);
  };

  const submit = async () => {
    setBusy(true);
    try {
      const values = appFieldsSchema.parse(form.getFieldsValue(true));
      const { info, msg } = await request(kindOps(kind).add, {
        ...values,
        ...(edit ? { id: edit.id } : {}),
        source: files.source[0]?.key ?? '',
        pc_image: files.pc_image[0]?.key ?? '',
        pc_preview: files.pc_preview.map((f) => f.key),
        h5_image: files.h5_image[0]?.key ?? '',
        h5_preview: files.h5_preview.map((f) => f.key),
      });
      clearDraft(key);
      toast(msg, 'success');
      setDone(info);
    } catch (error) {
      toast(
        error instanceof Error && !('status' in error) ? tr('market.add.checkFields') : errorText(error),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  const initial = useMemo(
    () => ({ device: 0, toll: 0, lang_list: [locale], ...(edit?.values ?? {}) }),
    [edit, locale],
  );
  const steps = [t('step1'), t(kind === 'plugin' ? 'step2Plugin' : 'step2Theme'), t('step3')];

  if (done)
    return (
      <AntdShell>
        <Result
          status={done.held ? 'warning' : 'success'}
          title={t('doneTitle')}
          subTitle={`${t('reviewNotice', { days: REVIEW_DAYS })} ${t('queue', { n: done.queue })}`}
          extra={<Link href="/market/devCenter">{t('toCenter')}</Link>}
        />
      </AntdShell>
    );

  return (
    <AntdShell>
      <div className={styles.addCard}>
        {/* The margin sits on a wrapper: antd's own styles, injected later, reset the Steps root's. */}
        <div className={styles.steps}>
          <Steps current={step} items={steps.map((title) => ({ title }))} />
        </div>
        {edit?.remarks && (
          <Alert
            className={styles.gap}
            type="error"
            showIcon
            title={t('failedReason')}
            description={edit.remarks}
          />
        )}
        <Form
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={initial}
          onValuesChange={(changed) => {
            recheckErrors(form, changed);
            persist();
          }}
          className={styles.gap}
        >
          <div hidden={step !== 0}>
            <BasicStep
              developer={developer}
              kind={kind}
              source={files.source}
              onSource={onSource}
              prefilled={prefilled}
            />
          </div>
          <div hidden={step !== 1}>
            <InfoStep kind={kind} files={files} setFiles={setFiles} locale={locale} />
          </div>
        </Form>
        {step === 2 && (
          <div className={styles.review}>
            <Alert type="info" showIcon title={t('reviewNotice', { days: REVIEW_DAYS })} />
            <p>
              {t('summary', {
                name: String(form.getFieldValue('name') ?? ''),
                previews: files.pc_preview.length,
                max: PREVIEW_MAX,
              })}
            </p>
            <ReportView report={files.source[0]?.report} />
          </div>
        )}
        <div className={styles.stepActions}>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('prev')}</Button>}
          {step < 2 ? (
            <Button type="primary" onClick={next}>
              {t('next')}
            </Button>
          ) : (
            <Button type="primary" loading={busy} onClick={submit}>
              {t('submit')}
            </Button>
          )}
        </div>
      </div>
    </AntdShell>
  );
}
