'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import type { OutputOf } from '@/contract/api/operation';
import { knownImport, knownReleases } from '@/contract/api/review';
import { formatTime } from '@/contract/format';
import type { KnownReleaseView } from '@/contract/review';
import { pathOf, request } from '@/features/api/client';
import { DataTable } from '@/features/common/DataTable';
import { useToast } from '@/features/common/Toast';
import { useBusyAction } from '@/features/common/useBusyAction';
import { Empty } from '@/features/layout/Empty';
import { sendForm } from '@/features/market/upload-file';
import styles from './KnownReleases.module.css';

/**
 * The package scan's known library releases: import one (its archive, with library name and
 * version), see what is imported with file counts, remove one.
 */
export function KnownReleases({ initial }: { initial: KnownReleaseView[] }) {
  const t = useTranslations('market.review.known');
  const locale = useLocale();
  const toast = useToast();
  const [list, setList] = useState(initial);
  const [percent, setPercent] = useState<number | null>(null);

  const [importing, runImport] = useBusyAction(async (form: HTMLFormElement) => {
    setPercent(0);
    try {
      // Multipart through XHR for its progress: the operation's path and answer type, not call().
      const { info, msg } = await sendForm<OutputOf<typeof knownImport>>({
        path: pathOf(knownImport),
        data: new FormData(form),
        locale,
        onProgress: setPercent,
        fallback: t('err.archive'),
      });
      setList(info.list);
      form.reset();
      toast(msg, 'success');
    } finally {
      setPercent(null);
    }
  });
  const [removing, runRemove] = useBusyAction(async (r: KnownReleaseView) => {
    const { info, msg } = await request(knownReleases, { action: 'remove', id: r.id });
    setList(info.list);
    toast(msg, 'success');
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void runImport(e.currentTarget);
  };

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <p className={styles.intro}>{t('intro')}</p>
        <form className={styles.form} onSubmit={submit} data-testid="known-import">
          <label>
            {t('library')}
            <input name="library" required maxLength={100} placeholder={t('libraryHint')} />
          </label>
          <label>
            {t('version')}
            <input name="version" required maxLength={100} placeholder={t('versionHint')} />
          </label>
          <label>
            {t('file')}
            <input
              name="file"
              type="file"
              required
              accept=".zip,.tar.gz,.tgz,application/zip,application/gzip"
            />
          </label>
          <button type="submit" className={styles.submit} disabled={importing}>
            {percent !== null && percent < 100 ? `${t('import')} ${percent}%` : t('import')}
          </button>
        </form>
        {list.length === 0 ? (
          <Empty hint={t('empty')} />
        ) : (
          <DataTable head={[t('library'), t('version'), t('files'), t('importedAt'), '']}>
            {list.map((r) => (
              <tr key={r.id} data-testid="known-release">
                <td>{r.library}</td>
                <td>{r.version}</td>
                <td>{r.files}</td>
                <td>{formatTime(r.create_time)}</td>
                <td>
                  <button
                    type="button"
                    className={styles.remove}
                    disabled={removing}
                    onClick={() => {
                      if (window.confirm(t('confirmRemove', { library: r.library, version: r.version })))
                        void runRemove(r);
                    }}
                  >
                    {t('remove')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
