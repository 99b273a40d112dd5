import { useTranslations } from 'next-intl';
import type { PlayerSetup as Setup } from '@/contract/resource';
import styles from './PlayerSetup.module.css';

/**
 * A play-source code and what a site owner does so the CMS keeps it: nothing for a stock player,
 * otherwise add a player with that code (the collector silently drops codes it does not know).
 */
export function PlayerSetup({ player }: { player: Setup }) {
  const t = useTranslations('resource.player');
  return (
    <p className={player.stock ? styles.stock : styles.custom}>
      <span className={styles.label}>{t('code')}</span> <code>{player.code}</code>
      {t('separator')}
      {player.stock
        ? t('stock', { code: player.code })
        : t('add', { code: player.code, name: player.name, base: player.base })}
    </p>
  );
}
