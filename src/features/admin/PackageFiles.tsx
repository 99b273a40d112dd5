'use client';

import { Button, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { packageFile, packageFiles } from '@/contract/api/review';
import type { PackageFileOutput, PackageFilesOutput } from '@/contract/review';
import { call, errorText } from '@/features/api/client';
import { useBusyAction } from '@/features/common/useBusyAction';
import styles from './Review.module.css';

const kb = (size: number) => (size < 1024 ? `${size} B` : `${(size / 1024).toFixed(1)} KB`);

/**
 * The package's files with their sizes and hashes; one opens as plain text. The package is hostile
 * input: its text is only ever a React text node, never markup.
 */
export function PackageFiles({ versionId }: { versionId: number }) {
  const t = useTranslations('market.review');
  const [list, setList] = useState<PackageFilesOutput | null>(null);
  const [failure, setFailure] = useState('');
  const [open, setOpen] = useState<PackageFileOutput | null>(null);
  useEffect(() => {
    call(packageFiles, { version_id: versionId }).then(setList, (error) => setFailure(errorText(error)));
  }, [versionId]);
  const [busy, view] = useBusyAction(async (path: string) => {
    setOpen(await call(packageFile, { version_id: versionId, path }));
  });
  if (failure) return <p>{failure}</p>;
  if (!list) return null;
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.files}>
          <thead>
            <tr>
              <th>{t('path')}</th>
              <th>{t('size')}</th>
              <th>{t('sha256')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.files.map((f) => (
              <tr key={f.path}>
                <td>
                  {f.path} {f.binary && <Tag>{t('binary')}</Tag>}
                </td>
                <td>{kb(f.size)}</td>
                <td className={styles.hash} title={f.sha256}>
                  {f.sha256.slice(0, 12)}
                </td>
                <td>
                  <Button size="small" disabled={busy} onClick={() => view(f.path)}>
                    {t('view')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && (
        <div className={styles.viewer}>
          <h3>
            <span>{open.path}</span>
            <Button size="small" onClick={() => setOpen(null)}>
              {t('close')}
            </Button>
          </h3>
          <p className={styles.hash}>SHA-256 {open.sha256}</p>
          {open.binary ? (
            <p>{t('binaryNote')}</p>
          ) : open.too_large ? (
            <p>{t('tooLarge')}</p>
          ) : (
            <pre className={styles.code}>{open.text}</pre>
          )}
        </div>
      )}
    </>
  );
}
