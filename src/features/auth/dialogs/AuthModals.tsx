'use client';

import { AntdShell } from '@/features/common/AntdShell';
import { ForgotModal } from './ForgotModal';
import { LoginModal } from './LoginModal';
import { RegisterModal } from './RegisterModal';

type Kind = 'login' | 'register' | 'forgot';

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
      />
      <ForgotModal open={kind === 'forgot'} onClose={() => onChange(null)} onBack={() => onChange('login')} />
      <RegisterModal
        open={kind === 'register'}
        onClose={() => onChange(null)}
        onSwitch={() => onChange('login')}
      />
    </AntdShell>
  );
}
