'use client';

import { useState } from 'react';
import type { UserInfo } from '@/contract/user';
import { useSession } from '@/features/auth/SessionProvider';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { AntdShell } from '@/features/common/AntdShell';
import { LoginPrompt } from './LoginPrompt';
import { MailPreferences } from './MailPreferences';
import { PasswordForm } from './PasswordForm';
import { ProfileCard } from './ProfileCard';
import { ProfileForm } from './ProfileForm';
import { SessionsCard } from './SessionsCard';
import styles from './User.module.css';
import { VerifyBanner } from './VerifyBanner';

/** The user page body: profile, password, sessions and mail settings, or a login prompt. */
export function UserView({ serverUser }: { serverUser: UserInfo | null }) {
  const { user, ready } = useSession();
  const current = ready ? user : serverUser;
  // Bumped after a password change, which ends the other sessions: the list reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <div className={styles.page}>
      <SessionSeed user={serverUser} />
      {current ? (
        <div className={styles.grid}>
          <ProfileCard user={current} />
          <AntdShell>
            <div className={styles.column}>
              {!current.email_verified && <VerifyBanner email={current.email} />}
              <ProfileForm key={current.user_id} user={current} />
              <PasswordForm onChanged={() => setSessionsVersion((v) => v + 1)} />
              <SessionsCard version={sessionsVersion} />
              <MailPreferences />
            </div>
          </AntdShell>
        </div>
      ) : (
        <LoginPrompt />
      )}
    </div>
  );
}
