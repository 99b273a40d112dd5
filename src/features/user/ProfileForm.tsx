'use client';

import { Button, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { Fragment, useState } from 'react';
import { userInfo } from '@/contract/api/account';
import { type ProfileInput, profileSchema, type UserInfo } from '@/contract/user';
import { errorText, failureKind, request } from '@/features/api/client';
import { useSession } from '@/features/auth/SessionProvider';
import { AntdShell } from '@/features/common/AntdShell';
import { useToast } from '@/features/common/Toast';
import { zodRule } from '@/features/common/zodRule';
import { useKeyText } from '@/i18n/keys';
import styles from './User.module.css';

type Field = Exclude<keyof ProfileInput, 'current'>;
const FIELDS: { name: Field; required: boolean; type?: string; autoComplete?: string }[] = [
  { name: 'name', required: true, autoComplete: 'nickname' },
  { name: 'site', required: true, type: 'url', autoComplete: 'url' },
  { name: 'email', required: true, type: 'email', autoComplete: 'email' },
  { name: 'qq', required: false },
  { name: 'wechat', required: false },
];

/** The developer profile (name, site, email, QQ and WeChat), saved through user_info type=update. */
export function ProfileForm({ user }: { user: UserInfo }) {
  const t = useTranslations();
  const [form] = Form.useForm<ProfileInput>();
  const [busy, setBusy] = useState(false);
  const { setUser } = useSession();
  const toast = useToast();
  const tr = useKeyText();
  // A new login email needs the current password (the server asks for it too).
  const email = Form.useWatch('email', form) ?? user.email;
  const moving = email.trim().toLowerCase() !== user.email.toLowerCase();

  const save = async (values: ProfileInput) => {
    setBusy(true);
    try {
      const { info, msg } = await request(userInfo, {
        type: 'update',
        ...profileSchema.parse(values),
      });
      setUser(info);
      // The login email changes only once the new address confirms it: the form shows the current one.
      form.setFieldsValue({ ...info, current: '' });
      toast(msg, 'success');
    } catch (error) {
      toast(errorText(error), failureKind(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AntdShell>
      <section className={styles.formCard} aria-labelledby="profile-title">
        <h2 id="profile-title">{t('user.profile')}</h2>
        <p className={styles.hint}>{t('user.profileHint')}</p>
        {user.pending_email && (
          <p className={styles.pending} role="status">
            {t('user.pendingEmail', { email: user.pending_email, current: user.email })}
          </p>
        )}
        <Form
          form={form}
          name="profile"
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={{
            name: user.name,
            site: user.site,
            email: user.email,
            qq: user.qq,
            wechat: user.wechat,
          }}
          onFinish={save}
        >
          {FIELDS.map((f) => (
            <Fragment key={f.name}>
              <Form.Item
                name={f.name}
                label={t(`user.${f.name}`)}
                required={f.required}
                rules={[zodRule(profileSchema, f.name, tr)]}
              >
                <Input
                  type={f.type}
                  autoComplete={f.autoComplete}
                  placeholder={tr(`user.${f.name}Placeholder`)}
                />
              </Form.Item>
              {f.name === 'email' && moving && (
                <Form.Item
                  name="current"
                  label={t('user.password.current')}
                  extra={t('user.emailPasswordHint')}
                  required
                  rules={[{ required: true, message: t('auth.valid.currentRequired') }]}
                >
                  <Input.Password autoComplete="current-password" />
                </Form.Item>
              )}
            </Fragment>
          ))}
          <Button type="primary" htmlType="submit" size="large" loading={busy}>
            {t('user.save')}
          </Button>
        </Form>
      </section>
    </AntdShell>
  );
}
