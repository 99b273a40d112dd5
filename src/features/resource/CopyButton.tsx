'use client';

import { useTranslations } from 'next-intl';
import { copyText } from '@/features/common/copy-text';
import { useToast } from '@/features/common/Toast';
import styles from './CopyButton.module.css';

/** "Get address": copies a collection address and says "Copied". */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations('common');
  const toast = useToast();
  return (
    <button
      type="button"
      className={styles.linkButton}
      title={text}
      onClick={async () => {
        // Where copying is impossible, the address itself is shown so it can be copied by hand.
        if (await copyText(text)) toast(t('copySuccess'), 'success');
        else toast(text, 'info');
      }}
    >
      {label}
    </button>
  );
}
