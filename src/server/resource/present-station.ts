import 'server-only';
import { formatTime, unixTime } from '@/contract/format';
import type { Locale } from '@/contract/locales';
import { playerSetup, type StationView, SUPPORT_FLAGS } from '@/contract/resource';
import type { resourceStations, resourceTypes } from '../db/schema';
import { translate } from '../http/translate';
import { typeName } from './list-types';

type StationRow = typeof resourceStations.$inferSelect;
type TypeRow = typeof resourceTypes.$inferSelect;

/** A station as the developer, the administrator and the public directory read it. */
export function presentStation({
  station: s,
  type,
  locale,
  owner,
  videos = 0,
}: {
  station: StationRow;
  type: TypeRow;
  locale: Locale;
  owner?: { user_id: number; name: string; email: string };
  videos?: number;
}): StationView {
  const support = { https: s.supportHttps, m3u8: s.supportM3u8, player: s.supportPlayer };
  return {
    id: s.id,
    type_id: s.typeId,
    type_name: typeName(type, locale),
    name: s.name,
    player_code: s.playerCode,
    player: playerSetup(s.playerCode, s.name, s.supportM3u8),
    api_url: s.apiUrl,
    site_url: s.siteUrl,
    support: SUPPORT_FLAGS.filter((flag) => support[flag]),
    toll: s.toll,
    describe: s.description,
    status: s.status,
    remarks: s.remarks,
    add_time: unixTime(s.createdAt),
    add_time_text: formatTime(unixTime(s.createdAt)),
    audit_time: unixTime(s.auditedAt),
    probe: {
      time: unixTime(s.probeAt),
      ok: s.probeOk,
      format: s.probeFormat,
      total: s.probeTotal,
      classes: s.probeClasses,
      ms: s.probeMs,
      error: s.probeError ? translate(locale, `resource.reason.${s.probeError}`) : '',
    },
    health: {
      last_collect_time: unixTime(s.lastCollectedAt),
      last_success_time: unixTime(s.lastSuccessAt),
      ok: s.lastCollectedAt ? s.lastError === '' : null,
      error: s.lastError ? translate(locale, `resource.reason.${s.lastError}`) : '',
      videos,
    },
    ...(owner ? { user: owner } : {}),
  };
}
