'use client';

import { Button, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { changePasswordFormSchema } from '@/contract/account';
import { userChangePassword } from '@/contract/api/account';
import { errorText, failureKind, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import { NewPasswordFields } from './NewPasswordFields';
import styles from './User.module.css';

type Values = { current: string; password: string; confirm: string };

/** Change password (current one required); the server ends every other session. */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const t = useTranslations();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const tr = useKeyText();
  const rule = (name: keyof Values) => [zodRule(changePasswordFormSchema, name, tr)];

  const save = async (values: Values) => {
    setBusy(true);
    try {
      const { current, password } = changePasswordFormSchema.parse(values);
      const { msg } = await request(userChangePassword, { current, password });
      toast(msg, 'success');
      form.resetFields();
      onChanged();
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.formCard} aria-labelledby="password-title">
      <h2 id="password-title">{t('user.password.title')}</h2>
      <p className={styles.hint}>{t('user.password.hint')}</p>
      <Form form={form} name="password" layout="vertical" validateTrigger="onBlur" onFinish={save}>
        <Form.Item label={t('user.password.current')} name="current" required rules={rule('current')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields rule={rule} />
        <Button type="primary" htmlType="submit" size="large" loading={busy}>
          {t('user.password.submit')}
        </Button>
      </Form>
    </section>
  );
}
