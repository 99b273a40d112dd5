'use client';

import { Button, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { packageDiff } from '@/contract/api/review';
import type { DiffFile, PackageDiffOutput } from '@/contract/review';
import { call } from '@/features/api/client';
import { useBusyAction } from '@/features/common/useBusyAction';
import styles from './Review.module.css';

const TAG_COLOR = { added: 'green', removed: 'red', changed: 'blue' } as const;

function FileChange({ file }: { file: DiffFile }) {
  const t = useTranslations('market.review');
  return (
    <div className={styles.diffFile}>
      <h3>
        <Tag color={TAG_COLOR[file.change]}>{t(file.change)}</Tag>
        <span>{file.path}</span>
        {!file.binary && !file.too_large && (
          <span className={styles.hash}>{t('lineCounts', { added: file.added, removed: file.removed })}</span>
        )}
      </h3>
      {file.binary && <p>{t('binaryNote')}</p>}
      {file.too_large && <p>{t('tooLarge')}</p>}
      {file.hunks.length > 0 && (
        <pre className={styles.code}>
          {file.hunks.map((hunk, i) => (
            // A hunk is known by where it starts.
            <span key={`${hunk.lines[0]?.old}:${hunk.lines[0]?.new}`}>
              {i > 0 && <span className={styles.gap}>⋯</span>}
              {hunk.lines.map((line) => (
                <span
                  key={`${line.old}:${line.new}`}
                  className={`${styles.line} ${line.op === '+' ? styles.added : line.op === '-' ? styles.removed : ''}`}
                >
                  <span className={styles.num}>{line.old || ''}</span>
                  <span className={styles.num}>{line.new || ''}</span>
                  {line.op} {line.text}
                </span>
              ))}
            </span>
          ))}
        </pre>
      )}
      {file.truncated && <p>{t('truncated')}</p>}
    </div>
  );
}

/** Every file against the previous approved version, loaded when the reviewer asks (it reads both packages). */
export function PackageDiff({ versionId }: { versionId: number }) {
  const t = useTranslations('market.review');
  const [diff, setDiff] = useState<PackageDiffOutput | null>(null);
  const [busy, load] = useBusyAction(async () => {
    setDiff(await call(packageDiff, { version_id: versionId }));
  });
  if (!diff)
    return (
      <Button onClick={() => load()} loading={busy}>
        {t('load')}
      </Button>
    );
  return (
    <>
      <p>
        {diff.base ? t('diffBase', { version: diff.base.version }) : t('diffNoBase')}{' '}
        {t('diffSummary', { changed: diff.files.length, unchanged: diff.unchanged })}
      </p>
      {diff.files.length === 0 && <p>{t('noChanges')}</p>}
      {diff.files.map((file) => (
        <FileChange key={file.path} file={file} />
      ))}
    </>
  );
}
