'use client';

import { Button, Form, Input, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { userRegister } from '@/contract/api/account';
import { registerFormSchema } from '@/contract/user';
import { errorText, failureKind, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import styles from './AuthModal.module.css';

type Props = { open: boolean; onClose: () => void; onSwitch: () => void };
type Values = { email: string; password: string; confirm: string };

export function RegisterModal({ open, onClose, onSwitch }: Props) {
  const t = useTranslations();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form);
  const filled = Boolean(values?.email && values.password && values.confirm);
  const [busy, setBusy] = useState(false);
  // The answer is the same whether or not the address is taken: the mail tells which.
  const [done, setDone] = useState('');
  const toast = useToast();
  const tr = useKeyText();

  const close = () => {
    form.resetFields(); // a closed register dialog keeps no password
    setDone('');
    onClose();
  };

  const submit = async (input: Values) => {
    setBusy(true);
    try {
      const { email, password } = registerFormSchema.parse(input);
      setDone((await request(userRegister, { email, password })).msg);
      form.resetFields();
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };

  const rule = (name: keyof Values) => [zodRule(registerFormSchema, name, tr)];
  return (
    <Modal open={open} title={t('auth.registerTitle')} onCancel={close} footer={null} width={420} centered>
      {done ? (
        <>
          <p className={styles.done} role="status">
            {done}
          </p>
          <p className={styles.hint}>{t('auth.registerSentHint')}</p>
        </>
      ) : (
        <Form form={form} name="register" layout="vertical" validateTrigger="onBlur" onFinish={submit}>
          <Form.Item label={t('auth.email')} name="email" rules={rule('email')}>
            <Input type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
          </Form.Item>
          <Form.Item label={t('auth.password')} name="password" rules={rule('password')}>
            <Input.Password autoComplete="new-password" placeholder={t('auth.newPasswordPlaceholder')} />
          </Form.Item>
          <Form.Item
            label={t('auth.confirm')}
            name="confirm"
            rules={rule('confirm')}
            dependencies={['password']}
          >
            <Input.Password autoComplete="new-password" placeholder={t('auth.confirmPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!filled}>
            {t('auth.registerSubmit')}
          </Button>
        </Form>
      )}
      <p className={styles.switch}>
        {t('auth.haveAccount')}
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            setDone('');
            onSwitch();
          }}
        >
          {t('auth.toLogin')}
        </button>
      </p>
    </Modal>
  );
}
