'use client';

import { Button, Form, Input, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { forgotSchema } from '@/contract/account';
import { userForgotPassword, userLoginLink } from '@/contract/api/account';
import { errorText, failureKind, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import styles from './AuthModal.module.css';

type Props = { purpose: 'reset' | 'login'; open: boolean; onClose: () => void; onBack: () => void };

/** What each mailed link's dialog says and which operation it calls. */
const PURPOSES = {
  reset: { op: userForgotPassword, title: 'forgotTitle', hint: 'forgotHint', submit: 'forgotSubmit' },
  login: { op: userLoginLink, title: 'loginLinkTitle', hint: 'loginLinkHint', submit: 'loginLinkSubmit' },
} as const;

/**
 * Asks for the address a link goes to: "Forgot password" (a reset link) or a one-time login link.
 * The answer is the same whether an account uses the address or not.
 */
export function MailLinkModal({ purpose, open, onClose, onBack }: Props) {
  const texts = PURPOSES[purpose];
  const t = useTranslations();
  const [form] = Form.useForm<{ email: string }>();
  const email = Form.useWatch('email', form);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const toast = useToast();
  const tr = useKeyText();

  const close = () => {
    form.resetFields();
    setDone('');
    onClose();
  };

  const submit = async (values: { email: string }) => {
    setBusy(true);
    try {
      const { msg } = await request(texts.op, forgotSchema.parse(values));
      setDone(msg);
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t(`auth.${texts.title}`)} onCancel={close} footer={null} width={420} centered>
      {done ? (
        <p className={styles.done} role="status">
          {done}
        </p>
      ) : (
        <Form
          form={form}
          name={purpose === 'reset' ? 'forgot' : 'login-link'}
          layout="vertical"
          validateTrigger="onBlur"
          onFinish={submit}
        >
          <p className={styles.hint}>{t(`auth.${texts.hint}`)}</p>
          <Form.Item label={t('auth.email')} name="email" rules={[zodRule(forgotSchema, 'email', tr)]}>
            <Input type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!email}>
            {t(`auth.${texts.submit}`)}
          </Button>
        </Form>
      )}
      <p className={styles.switch}>
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            form.resetFields();
            setDone('');
            onBack();
          }}
        >
          {t('auth.backToLogin')}
        </button>
      </p>
    </Modal>
  );
}
