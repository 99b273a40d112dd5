'use client';

import { useTranslations } from 'next-intl';
import { accountInitial, accountLabel } from '@/contract/account-label';
import { useAuthDialog } from '@/features/auth/AuthDialogs';
import { useSession } from '@/features/auth/SessionProvider';
import { Dropdown, dropdownItem } from '@/features/common/Dropdown';
import { Link } from '@/i18n/navigation';
import styles from './Header.module.css';

/** Logged out: login and register buttons. Logged in: the name (or email) and a logout menu. */
export function UserArea({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations('header');
  const { user, ready, logout } = useSession();
  const { open } = useAuthDialog();

  if (user) {
    return (
      <div className={styles.user}>
        <Link href="/user" className={styles.userName} onClick={onNavigate}>
          <span className={styles.avatar} aria-hidden="true">
            {accountInitial(user)}
          </span>
          <span className={styles.userText}>{accountLabel(user)}</span>
        </Link>
        <Dropdown label={t('accountMenu')} trigger={null}>
          {(close) => (
            <button
              type="button"
              className={dropdownItem}
              onClick={() => {
                close();
                onNavigate?.();
                void logout();
              }}
            >
              {t('logout')}
            </button>
          )}
        </Dropdown>
      </div>
    );
  }
  // Until the client knows, the buttons keep their place but stay hidden: no flash for logged-in visitors.
  return (
    <div className={styles.auth} style={ready ? undefined : { visibility: 'hidden' }}>
      {(['login', 'register'] as const).map((dialog) => (
        <button
          key={dialog}
          type="button"
          className={styles[dialog]}
          onClick={() => {
            onNavigate?.();
            open(dialog);
          }}
        >
          {t(dialog)}
        </button>
      ))}
    </div>
  );
}
