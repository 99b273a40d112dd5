'use client';

import { Button, Form, Input, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { type LoginInput, loginSchema } from '@/contract/user';
import { errorText, failureKind } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import { useSession } from '../SessionProvider';
import styles from './AuthModal.module.css';

type Props = {
  open: boolean;
  onClose: () => void;
  onSwitch: () => void;
  onForgot: () => void;
  onLoginLink: () => void;
};

export function LoginModal({ open, onClose, onSwitch, onForgot, onLoginLink }: Props) {
  const t = useTranslations();
  const [form] = Form.useForm<LoginInput>();
  const email = Form.useWatch('email', form);
  const password = Form.useWatch('password', form);
  const [busy, setBusy] = useState(false);
  const { login } = useSession();
  const toast = useToast();
  const tr = useKeyText();

  const submit = async (values: LoginInput) => {
    setBusy(true);
    try {
      const msg = await login(loginSchema.parse(values));
      toast(msg, 'success');
      form.resetFields();
      onClose();
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('auth.loginTitle')} onCancel={onClose} footer={null} width={420} centered>
      <Form
        form={form}
        name="login"
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={submit}
        requiredMark
      >
        <Form.Item label={t('auth.email')} name="email" rules={[zodRule(loginSchema, 'email', tr)]}>
          <Input type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('auth.password')} name="password" rules={[zodRule(loginSchema, 'password', tr)]}>
          <Input.Password autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} />
        </Form.Item>
        <p className={styles.forgot}>
          <button type="button" className={styles.link} onClick={onForgot}>
            {t('auth.forgot')}
          </button>
          {/* The way in that wrong guesses from elsewhere cannot hold up. */}
          <button type="button" className={styles.link} onClick={onLoginLink}>
            {t('auth.loginLink')}
          </button>
        </p>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={busy}
          disabled={!email || !password}
        >
          {t('auth.loginSubmit')}
        </Button>
      </Form>
      <p className={styles.switch}>
        {t('auth.noAccount')}
        <button type="button" className={styles.link} onClick={onSwitch}>
          {t('auth.toRegister')}
        </button>
      </p>
    </Modal>
  );
}
