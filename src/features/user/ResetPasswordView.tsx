'use client';

import { Button, Form } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { resetFormSchema } from '@/contract/account';
import { userResetPassword } from '@/contract/api/account';
import { errorText, request } from '@/features/api/client';
import { useAuthDialog } from '@/features/auth/AuthDialogs';
import { AntdShell } from '@/features/common/AntdShell';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import { LinkResult } from './LinkResult';
import { NewPasswordFields } from './NewPasswordFields';
import styles from './User.module.css';

type Values = { password: string; confirm: string };

/** The link of a reset mail: a new password; afterwards the person logs in with it. */
export function ResetPasswordView({ token }: { token: string }) {
  const t = useTranslations();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { open } = useAuthDialog();
  const tr = useKeyText();
  const rule = (name: keyof Values) => [zodRule(resetFormSchema, name, tr)];

  if (done)
    return (
      <LinkResult title={t('user.links.resetTitle')} text={done} ok>
        <button type="button" className={styles.primary} onClick={() => open('login')}>
          {t('user.links.login')}
        </button>
      </LinkResult>
    );

  const submit = async (values: Values) => {
    setBusy(true);
    setError('');
    try {
      const { password } = resetFormSchema.parse(values);
      setDone((await request(userResetPassword, { code: token, password })).msg);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AntdShell>
      <section className={`${styles.formCard} ${styles.narrow}`} aria-labelledby="reset-title">
        <h2 id="reset-title">{t('user.links.resetTitle')}</h2>
        <p className={styles.hint}>{t('user.links.resetHint')}</p>
        {error && (
          <p className={styles.resultBad} role="alert">
            {error}
          </p>
        )}
        <Form form={form} name="reset" layout="vertical" validateTrigger="onBlur" onFinish={submit}>
          <NewPasswordFields rule={rule} />
          <Button type="primary" htmlType="submit" size="large" loading={busy}>
            {t('user.links.resetSubmit')}
          </Button>
        </Form>
      </section>
    </AntdShell>
  );
}
