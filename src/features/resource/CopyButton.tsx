'use client';

import { useTranslations } from 'next-intl';
import { useToast } from '@/features/common/Toast';
import styles from './CopyButton.module.css';

async function copyText(text: string) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain http (a LAN install): the old way still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** "Get address": copies a collection address and says "Copy successful". */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations('common');
  const toast = useToast();
  return (
    <button
      type="button"
      className={styles.linkButton}
      title={text}
      onClick={() =>
        copyText(text).then(
          () => toast(t('copySuccess'), 'success'),
          () => toast(text, 'info'),
        )
      }
    >
      {label}
    </button>
  );
}
