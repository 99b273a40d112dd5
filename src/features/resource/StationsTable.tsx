'use client';

import { Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatTime } from '@/contract/format';
import type { StationView } from '@/contract/resource';
import { FactList } from '@/features/common/FactList';
import styles from './Manage.module.css';
import { useStationText } from './station-text';

const STATUS_COLOR = ['processing', 'success', 'error'] as const;

type Props = {
  list: StationView[];
  total: number;
  page: number;
  loading: boolean;
  review: boolean;
  onPage: (page: number) => void;
  onAudit: (station: StationView) => void;
};

/**
 * The stations of /market/resource; in review mode with the owner and the approve/reject action.
 * On a phone the name, state and action remain; the address and last check from a tablet up. Each
 * row opens to the whole entry (its description and what the columns leave out on this screen).
 */
export function StationsTable({ list, total, page, loading, review, onPage, onAudit }: Props) {
  const t = useTranslations('resource');
  const text = useStationText();
  const columns: TableColumnsType<StationView> = [
    {
      title: t('list.index'),
      key: 'index',
      width: 64,
      responsive: ['xl'],
      render: (_v, _r, i) => (page - 1) * 10 + i + 1,
    },
    { title: t('add.type'), dataIndex: 'type_name', width: 90, responsive: ['lg'] },
    {
      title: t('add.name'),
      dataIndex: 'name',
      width: 170,
      render: (name: string, s) => (
        <>
          <div>{name}</div>
          <div className={styles.small}>
            {t('add.playerCode')}: {s.player_code} · {s.toll ? t('page.charge') : t('page.free')}
          </div>
        </>
      ),
    },
    {
      title: t('add.apiUrl'),
      dataIndex: 'api_url',
      width: 250,
      responsive: ['md'],
      render: (url: string, s) => (
        <>
          <code className={styles.url}>{url}</code>
          <div className={styles.small}>
            <a href={s.site_url} target="_blank" rel="noopener noreferrer nofollow">
              {t('page.official')}
            </a>
          </div>
        </>
      ),
    },
    {
      title: t('add.support'),
      dataIndex: 'support',
      responsive: ['xxl'],
      render: (flags: string[]) =>
        flags.map((f) => <Tag key={f}>{t(`page.support.${f as 'https' | 'm3u8' | 'player'}`)}</Tag>),
    },
    ...(review
      ? [
          {
            title: t('list.owner'),
            key: 'owner',
            render: (_: unknown, s: StationView) => s.user?.name || s.user?.email,
          },
        ]
      : []),
    { title: t('list.addTime'), dataIndex: 'add_time_text', width: 120, responsive: ['lg'] },
    {
      title: t('list.status'),
      dataIndex: 'status',
      render: (status: 0 | 1 | 2, s) => (
        <>
          <Tag color={STATUS_COLOR[status]}>{t(`list.statusName.${status}`)}</Tag>
          {s.remarks && <div className={styles.small}>{s.remarks}</div>}
        </>
      ),
    },
    {
      title: t('list.lastProbe'),
      key: 'probe',
      width: 180,
      responsive: ['md'],
      render: (_v, s) => (
        <>
          <div className={styles.small}>{formatTime(s.probe.time)}</div>
          <div className={styles.small}>{text.probe(s)}</div>
          {s.status === 1 && (
            <div className={styles.small}>
              {t('list.collect')}: {text.health(s)}
              {` · ${t('page.videos')} ${s.health.videos}`}
            </div>
          )}
        </>
      ),
    },
    ...(review
      ? [
          {
            title: t('list.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, s: StationView) => (
              <Space>
                <Button size="small" type="primary" onClick={() => onAudit(s)}>
                  {t('list.approve')} / {t('list.reject')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<StationView>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      // Secondary columns give way on narrower screens; the action stays in view at the right.
      scroll={{ x: 'max-content' }}
      expandable={{
        expandedRowRender: (s) => <StationEntry station={s} index={list.indexOf(s) + (page - 1) * 10 + 1} />,
      }}
      pagination={{ current: page, pageSize: 10, total, onChange: onPage, showSizeChanger: false }}
    />
  );
}

/** A station's whole entry, as the add form takes it: every field, the description last. */
function StationEntry({ station: s, index }: { station: StationView; index: number }) {
  const t = useTranslations('resource');
  const rows: [string, ReactNode][] = [
    [t('list.index'), index],
    [t('add.type'), s.type_name],
    [t('add.name'), s.name],
    [t('add.playerCode'), s.player_code],
    [t('add.apiUrl'), <code key="api">{s.api_url}</code>],
    [
      t('add.siteUrl'),
      <a key="site" href={s.site_url} target="_blank" rel="noopener noreferrer nofollow">
        {s.site_url}
      </a>,
    ],
    [
      t('add.support'),
      s.support.map((f) => t(`page.support.${f as 'https' | 'm3u8' | 'player'}`)).join(' · '),
    ],
    [t('add.toll'), s.toll ? t('page.charge') : t('page.free')],
    [t('list.addTime'), s.add_time_text],
    [t('add.describe'), s.describe],
  ];
  return <FactList rows={rows} className={styles.entry} />;
}
