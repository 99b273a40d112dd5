import { useTranslations } from 'next-intl';
import type { StationView } from '@/contract/resource';

/** How a station's last probe and its collection read, wherever stations are listed. */
export function useStationText() {
  const t = useTranslations('resource');
  return {
    probe: (s: StationView) =>
      s.probe.ok
        ? t('list.probeSummary', {
            format: s.probe.format.toUpperCase(),
            total: s.probe.total,
            ms: s.probe.ms,
          })
        : s.probe.error,
    health: (s: StationView) =>
      s.health.ok === null ? t('page.notCollected') : s.health.ok ? t('page.healthy') : s.health.error,
  };
}
