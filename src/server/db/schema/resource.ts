import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, namedBy, ownedBy, updatedAt } from './columns';
import { users } from './core';

/** The portal's video types: stations pick one, collected categories are mapped onto them. */
export const resourceTypes = pgTable('resource_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameTw: text('name_tw').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A resource station registered by a developer (the fields the resource list and the add form show). */
export const resourceStations = pgTable(
  'resource_stations',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => resourceTypes.id),
    name: text('name').notNull(),
    playerCode: text('player_code').notNull(),
    apiUrl: text('api_url').notNull(),
    siteUrl: text('site_url').notNull(),
    supportHttps: boolean('support_https').notNull().default(false),
    supportM3u8: boolean('support_m3u8').notNull().default(false),
    supportPlayer: boolean('support_player').notNull().default(false),
    toll: smallint('toll').notNull().default(0),
    description: text('description').notNull(),
    /** 0 under review, 1 approved, 2 rejected (STATION_STATUS in src/contract/resource.ts). */
    status: smallint('status').notNull().default(0),
    remarks: text('remarks').notNull().default(''),
    auditedAt: at('audited_at'),
    auditorId: namedBy('auditor_id', () => users.id),
    probeAt: at('probe_at'),
    probeOk: boolean('probe_ok').notNull().default(false),
    probeFormat: text('probe_format').notNull().default(''),
    probeTotal: integer('probe_total').notNull().default(0),
    probeClasses: integer('probe_classes').notNull().default(0),
    probeMs: integer('probe_ms').notNull().default(0),
    probeError: text('probe_error').notNull().default(''),
    lastCollectedAt: at('last_collected_at'),
    lastSuccessAt: at('last_success_at'),
    lastError: text('last_error').notNull().default(''),
    errorCount: integer('error_count').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    /**
     * The collection under way (collect-station.ts): when it started, and the last page stored with
     * it (0: none yet). Both are written with each page's entries, so a node that takes the station
     * over after another died resumes after that page; cleared when the collection completes.
     */
    collectingSince: at('collecting_since'),
    collectedPage: integer('collected_page').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('resource_stations_user_idx').on(t.userId),
    index('resource_stations_status_idx').on(t.status),
  ],
);

/** One collected entry; `id` is the vod_id the portal's own provide/vod serves. */
export const resourceVideos = pgTable(
  'resource_videos',
  {
    id: id(),
    stationId: ownedBy('station_id', () => resourceStations.id),
    remoteId: text('remote_id').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => resourceTypes.id),
    name: text('name').notNull(),
    en: text('en').notNull().default(''),
    pic: text('pic').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    actor: text('actor').notNull().default(''),
    director: text('director').notNull().default(''),
    area: text('area').notNull().default(''),
    lang: text('lang').notNull().default(''),
    year: text('year').notNull().default(''),
    content: text('content').notNull().default(''),
    playFrom: text('play_from').notNull().default(''),
    playUrl: text('play_url').notNull().default(''),
    /** Fingerprint of the stored fields: an unchanged entry keeps its update time. */
    hash: text('hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('resource_videos_station_remote_unique').on(t.stationId, t.remoteId),
    index('resource_videos_updated_idx').on(t.updatedAt),
    index('resource_videos_type_idx').on(t.typeId, t.updatedAt),
    index('resource_videos_name_idx').on(sql`lower(${t.name})`),
  ],
);
