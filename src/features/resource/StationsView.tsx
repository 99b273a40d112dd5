'use client';

import { Segmented, Tabs } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { OutputOf } from '@/contract/api/operation';
import { resourceList } from '@/contract/api/resource';
import type { StationView } from '@/contract/resource';
import type { UserInfo } from '@/contract/user';
import { call, errorText, failureKind } from '@/features/api/client';
import { useLatest } from '@/features/api/use-latest';
import { useSession } from '@/features/auth/SessionProvider';
import { SessionSeed } from '@/features/auth/SessionSeed';
import { AntdShell } from '@/features/common/AntdShell';
import { useToast } from '@/features/common/Toast';
import { Link } from '@/i18n/navigation';
import { AuditDialog } from './AuditDialog';
import { LoginNeeded } from './LoginNeeded';
import styles from './Manage.module.css';
import { StationsTable } from './StationsTable';

type Scope = 'mine' | 'all';
type Filter = 'all' | '0' | '1' | '2';

/** /market/resource: the developer's stations; administrators also review everyone's. */
export function StationsView({ serverUser }: { serverUser: UserInfo | null }) {
  return (
    <>
      <SessionSeed user={serverUser} />
      <StationsViewBody serverUser={serverUser} />
    </>
  );
}

function StationsViewBody({ serverUser }: { serverUser: UserInfo | null }) {
  const t = useTranslations('resource.list');
  const { user, ready } = useSession();
  const current = ready ? user : serverUser;
  const toast = useToast();
  const [chosen, setScope] = useState<Scope | null>(null);
  // Administrators land on the review; the choice is derived until they pick a tab.
  const scope: Scope = chosen ?? (current?.is_admin ? 'all' : 'mine');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<OutputOf<typeof resourceList>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [auditing, setAuditing] = useState<StationView | null>(null);
  const userId = current?.user_id;

  const latest = useLatest();

  // Only the latest page or filter asked for shows, whichever answer comes last.
  const load = useCallback(() => {
    if (!userId) return;
    setLoading(true);
    const status = filter === 'all' ? undefined : Number(filter);
    latest(
      call(resourceList, { scope, status, page, limit: 10 }),
      (answer) => {
        setData(answer);
        setLoading(false);
      },
      (error) => {
        toast(errorText(error), failureKind(error));
        setData({ list: [], total: 0 });
        setLoading(false);
      },
    );
  }, [userId, scope, filter, page, toast, latest]);

  useEffect(load, [load]);

  if (!current) return <LoginNeeded />;
  const filters: Filter[] = ['all', '0', '1', '2'];
  return (
    <AntdShell>
      <div className={styles.card}>
        {current.is_admin && (
          <Tabs
            activeKey={scope}
            onChange={(key) => {
              setScope(key as Scope);
              setPage(1);
            }}
            items={[
              { key: 'mine', label: t('mine') },
              { key: 'all', label: t('reviewAll') },
            ]}
          />
        )}
        <div className={styles.bar}>
          <Segmented<Filter>
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            options={filters.map((f) => ({
              value: f,
              label: f === 'all' ? t('filterAll') : t(`statusName.${f}`),
            }))}
          />
          <Link href="/market/resource/add" className={styles.primaryLink}>
            {t('add')}
          </Link>
        </div>
        <StationsTable
          list={data.list}
          total={data.total}
          page={page}
          loading={loading}
          review={scope === 'all'}
          onPage={setPage}
          onAudit={setAuditing}
        />
      </div>
      <AuditDialog
        station={auditing}
        onClose={(changed) => {
          setAuditing(null);
          if (changed) load();
        }}
      />
    </AntdShell>
  );
}
