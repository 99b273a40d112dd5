'use client';

import { useTranslations } from 'next-intl';
import { developerAppDownload, developerSetPublish } from '@/contract/api/developer';
import { KIND_SEGMENT, type Kind } from '@/contract/market';
import { errorText, failureKind, request } from '@/features/api/client';
import { useToast } from '@/features/common/Toast';
import { Link, useRouter } from '@/i18n/navigation';
import styles from '../Market.module.css';

/**
 * Per-item actions of the developer centre: edit or update, release, licence codes (a paid item's
 * codes open in their own panel, where a code is made only by its Generate button), download.
 */
export function ItemActions({
  id,
  kind,
  status,
  toll,
}: {
  id: number;
  kind: Kind;
  status: number;
  toll: number;
}) {
  const t = useTranslations('market.center');
  const toast = useToast();
  const router = useRouter();
  const run = async <T,>(work: Promise<T>, then: (answer: T) => void) => {
    try {
      then(await work);
    } catch (error) {
      toast(errorText(error), failureKind(error));
    }
  };
  return (
    <div className={styles.actions}>
      {(status === 2 || status === 3) && (
        <Link href={`/market/${KIND_SEGMENT[kind]}/add?id=${id}`}>
          {status === 2 ? t('edit') : t('update')}
        </Link>
      )}
      {status === 1 && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() =>
            run(request(developerSetPublish, { id }), ({ msg }) => {
              toast(msg, 'success');
              router.refresh();
            })
          }
        >
          {t('publish')}
        </button>
      )}
      {toll === 1 && (
        <Link href={`/market/devCenter?licence=${id}#licence`} scroll={false}>
          {t('licence.open')}
        </Link>
      )}
      <button
        type="button"
        className={styles.linkButton}
        onClick={() =>
          run(request(developerAppDownload, { id }), ({ info, msg }) => {
            window.open(info.source, '_blank', 'noopener');
            toast(msg, 'success');
          })
        }
      >
        {t('download')}
      </button>
    </div>
  );
}
