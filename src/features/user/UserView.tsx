'use client';

import type { UserInfo } from '@/contract/user';
import { useSession } from '@/features/auth/SessionProvider';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { LoginPrompt } from './LoginPrompt';
import { ProfileCard } from './ProfileCard';
import { ProfileForm } from './ProfileForm';
import styles from './User.module.css';

/** The user page body: the profile form, or a login prompt when nobody is logged in. */
export function UserView({ serverUser }: { serverUser: UserInfo | null }) {
  const { user, ready } = useSession();
  const current = ready ? user : serverUser;
  return (
    <div className={styles.page}>
      <SessionSeed user={serverUser} />
      {current ? (
        <div className={styles.grid}>
          <ProfileCard user={current} />
          <ProfileForm key={current.user_id} user={current} />
        </div>
      ) : (
        <LoginPrompt />
      )}
    </div>
  );
}
