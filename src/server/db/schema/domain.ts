import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SAMPLE_STATUSES } from '../../../contract/domain';
import { at, createdAt, id, namedBy, ownedBy } from './columns';
import { releases } from './content';
import { users } from './core';

/**
 * One row per checked site (monitored domain). `infectedAt` moves on first detection and on
 * re-infection after a repair; a site is repaired after `cleanStreak` reaches 2.
 */
export const domainSites = pgTable(
  'domain_sites',
  {
    id: id(),
    host: text('host').notNull(),
    url: text('url').notNull(),
    state: text('state', { enum: ['clean', 'injected', 'repaired'] })
      .notNull()
      .default('clean'),
    cleanStreak: integer('clean_streak').notNull().default(0),
    everInjected: boolean('ever_injected').notNull().default(false),
    infectedAt: at('infected_at'),
    repairedAt: at('repaired_at'),
    lastCheckedAt: at('last_checked_at').notNull().defaultNow(),
    nextCheckAt: at('next_check_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('domain_sites_host_unique').on(t.host),
    index('domain_sites_next_check_idx').on(t.nextCheckAt),
    index('domain_sites_infected_idx').on(t.infectedAt),
  ],
);

/** Every completed check with its evidence (findings, redirects, profiles). */
export const domainChecks = pgTable(
  'domain_checks',
  {
    id: id(),
    siteId: ownedBy('site_id', () => domainSites.id),
    injected: boolean('injected').notNull(),
    result: jsonb('result').notNull(),
    checkedAt: at('checked_at').notNull().defaultNow(),
  },
  (t) => [index('domain_checks_site_idx').on(t.siteId, t.checkedAt)],
);

/**
 * One asked-for injected-code check while it runs and a while after: what the page polls for its
 * progress, and the lease that keeps a site to one running check across nodes (the partial unique
 * index). A run whose node died is taken over once `leaseUntil` has passed. Rows older than a day
 * are dropped when a new run starts; they also count the checks a site had in the last hour.
 */
export const domainCheckRuns = pgTable(
  'domain_check_runs',
  {
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: jsonb('progress').notNull().default({}),
    /** The stored scan, when done; the answer is presented in each reader's language. */
    result: jsonb('result'),
    /** A translation key, when failed. */
    error: text('error'),
    startedAt: at('started_at').notNull().defaultNow(),
    leaseUntil: at('lease_until').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('domain_check_runs_one_per_host').on(t.host).where(sql`${t.finishedAt} is null`),
    index('domain_check_runs_host_started_idx').on(t.host, t.startedAt),
  ],
);

/** Feature samples sent by visitors, waiting for an administrator. */
export const domainSamples = pgTable(
  'domain_samples',
  {
    id: id(),
    domain: text('domain').notNull(),
    content: text('content').notNull(),
    clientIp: text('client_ip').notNull().default(''),
    userId: namedBy('user_id', () => users.id),
    status: text('status', { enum: SAMPLE_STATUSES }).notNull().default('pending'),
    /** The last clean-corpus test: which corpus files the literal hit (empty = safe to accept). */
    corpusHits: jsonb('corpus_hits'),
    reviewedBy: namedBy('reviewed_by', () => users.id),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('domain_samples_status_idx').on(t.status, t.createdAt)],
);

/** Signatures promoted from samples: literal strings matched with the built-in rules. */
export const domainSignatures = pgTable(
  'domain_signatures',
  {
    id: id(),
    sampleId: namedBy('sample_id', () => domainSamples.id),
    title: text('title').notNull(),
    severity: text('severity', { enum: ['high', 'medium', 'low'] }).notNull(),
    literal: text('literal').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('domain_signatures_literal_unique').on(sql`lower(${t.literal})`)],
);

/**
 * Every file of each published release package, derived from the package when the release is
 * added. Its static files (`site`: `/static/…` js, css, html) are the ground truth a site's copy is
 * compared with, and the fingerprints that give check_version its range; `sha256` is of their text
 * with line endings, a BOM and trailing blanks normalised (an FTP upload in text mode changes
 * nothing real). Every file, templates and PHP included, is what the package scan trusts a copy
 * of: `known` and its line hashes (`domainFileLines`) as known-files.ts compares them.
 */
export const domainReleaseFiles = pgTable(
  'domain_release_files',
  {
    id: id(),
    releaseId: ownedBy('release_id', () => releases.id),
    edition: text('edition').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    /** Path in the release without the folder every file shares (`template/default/js/home.js`). */
    path: text('path').notNull(),
    site: text('site'),
    sha256: text('sha256'),
    known: text('known').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [
    uniqueIndex('domain_release_files_release_path_unique').on(t.releaseId, t.path),
    index('domain_release_files_path_idx').on(t.path, t.sha256),
  ],
);

/** The text of each distinct official file, for showing what a tampered copy added. */
export const domainFileTexts = pgTable('domain_file_texts', {
  sha256: text('sha256').primaryKey(),
  text: text('text').notNull(),
});

/** Line hashes of each distinct official text file (known-files.ts), by `known` hash: what a changed copy adds. */
export const domainFileLines = pgTable('domain_file_lines', {
  known: text('known').primaryKey(),
  lines: text('lines').notNull(),
});

/** Releases whose package has been read (a package without static files still gets its row). */
export const domainReleaseIndex = pgTable('domain_release_index', {
  releaseId: integer('release_id')
    .primaryKey()
    .references(() => releases.id, { onDelete: 'cascade' }),
  files: integer('files').notNull(),
  indexedAt: at('indexed_at').notNull().defaultNow(),
});
