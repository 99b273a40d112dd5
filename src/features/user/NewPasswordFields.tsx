'use client';

import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslations } from 'next-intl';

/** A new password and its confirmation, inside a Form whose fields are `password` and `confirm`. */
export function NewPasswordFields({ rule }: { rule: (name: 'password' | 'confirm') => Rule[] }) {
  const t = useTranslations();
  return (
    <>
      <Form.Item label={t('user.password.new')} name="password" required rules={rule('password')}>
        <Input.Password autoComplete="new-password" placeholder={t('auth.newPasswordPlaceholder')} />
      </Form.Item>
      <Form.Item
        label={t('user.password.confirm')}
        name="confirm"
        required
        rules={rule('confirm')}
        dependencies={['password']}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
