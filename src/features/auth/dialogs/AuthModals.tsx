'use client';

import { AntdShell } from '@/features/common/AntdShell';
import { LoginModal } from './LoginModal';
import { MailLinkModal } from './MailLinkModal';
import { RegisterModal } from './RegisterModal';

type Kind = 'login' | 'register' | 'forgot' | 'loginLink';

/** The lazily loaded half of the dialogs: everything that needs antd. */
export default function AuthModals({
  kind,
  onChange,
}: {
  kind: Kind | null;
  onChange: (k: Kind | null) => void;
}) {
  return (
    <AntdShell>
      <LoginModal
        open={kind === 'login'}
        onClose={() => onChange(null)}
        onSwitch={() => onChange('register')}
        onForgot={() => onChange('forgot')}
        onLoginLink={() => onChange('loginLink')}
      />
      <MailLinkModal
        purpose="reset"
        open={kind === 'forgot'}
        onClose={() => onChange(null)}
        onBack={() => onChange('login')}
      />
      <MailLinkModal
        purpose="login"
        open={kind === 'loginLink'}
        onClose={() => onChange(null)}
        onBack={() => onChange('login')}
      />
      <RegisterModal
        open={kind === 'register'}
        onClose={() => onChange(null)}
        onSwitch={() => onChange('login')}
      />
    </AntdShell>
  );
}
