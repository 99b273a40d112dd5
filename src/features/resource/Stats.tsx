import { useTranslations } from 'next-intl';
import type { ResourceType, PlayerSetup as Setup } from '@/contract/resource';
import { CopyButton } from './CopyButton';
import { PlayerSetup } from './PlayerSetup';
import styles from './Stats.module.css';

const number = (n: number) => n.toLocaleString('en-US');

/** Totals and the collection addresses, one per type. */
export function Stats({
  stats,
  stations,
  types,
  apiBase,
  players,
}: {
  stats: { total: number; today: number };
  stations: number;
  types: ResourceType[];
  apiBase: string;
  players: Setup[];
}) {
  const t = useTranslations('resource.page');
  return (
    <section className={styles.top} aria-label={t('apiTitle')}>
      <dl className={styles.stats}>
        <div>
          <dt>{t('allVideos')}</dt>
          <dd>{number(stats.total)}</dd>
        </div>
        <div>
          <dt>{t('today')}</dt>
          <dd>{number(stats.today)}</dd>
        </div>
        <div>
          <dt>{t('stations')}</dt>
          <dd>{number(stations)}</dd>
        </div>
      </dl>
      <div className={styles.api}>
        <h2>{t('apiTitle')}</h2>
        <p className={styles.hint}>{t('apiHint')}</p>
        <code className={styles.address}>{apiBase}</code>
        <ul className={styles.typeChips}>
          <li>
            <CopyButton text={apiBase} label={`${t('allTypes')} · ${t('copyAddress')}`} />
          </li>
          {types.map((type) => (
            <li key={type.type_id}>
              <CopyButton text={`${apiBase}?ac=list&t=${type.type_id}`} label={type.type_name} />
            </li>
          ))}
        </ul>
        {players.length > 0 && (
          <>
            <h3 className={styles.playersTitle}>{t('playersTitle')}</h3>
            <p className={styles.hint}>{t('playersHint')}</p>
            {players.map((p) => (
              <PlayerSetup key={p.code} player={p} />
            ))}
          </>
        )}
      </div>
    </section>
  );
}
