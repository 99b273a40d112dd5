import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ownedBy, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    site: text('site').notNull().default(''),
    qq: text('qq').notNull().default(''),
    wechat: text('wechat').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** When the owner proved they read mail at `email`; null until then (and never for a new address). */
    emailVerifiedAt: at('email_verified_at'),
    /** The language the account's mail is written in: the one it registered or last logged in with. */
    locale: text('locale').notNull().default('zh-cn'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Shown in the list of active sessions: the browser and the address it signed in from. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every app node. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/** One row per scheduled job: when it may run next and which node holds it (see server/jobs). */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextRunAt: at('next_run_at').notNull().defaultNow(),
  lockedUntil: at('locked_until'),
  /** The node running it now (its lease is renewed while it runs), and the node of the last run. */
  lockedBy: text('locked_by'),
  lastNode: text('last_node'),
  lastStartedAt: at('last_started_at'),
  lastFinishedAt: at('last_finished_at'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});

/**
 * Single-use links mailed to a user: verify the address, confirm a new login email (`email` is the
 * new address), reset the password. Only the token's hash is stored.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    purpose: text('purpose', { enum: ['verify', 'change', 'reset', 'login'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_unique').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Every mail the portal sends, queued: a job delivers due rows (claimed with SKIP LOCKED, so once
 * across nodes), retries with backoff, and keeps failures for administrators. The body is dropped
 * once sent: it may hold a live link.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

/**
 * Which notification mails a user wants (account mail is always sent). `key` is the capability in
 * every unsubscribe link: it can only change these switches, so it is kept as is to be mailed again.
 */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    review: boolean('review').notNull().default(true),
    feedback: boolean('feedback').notNull().default(true),
    licence: boolean('licence').notNull().default(true),
    /** Feedback up to this moment has been mailed in a digest (at most one a day). */
    feedbackDigestAt: at('feedback_digest_at'),
  },
  (t) => [uniqueIndex('mail_preferences_key_unique').on(t.key)],
);

/**
 * Visitors who asked to hear when the injected-code monitor finds a domain injected or repaired.
 * Active once the address is confirmed; `key` confirms and unsubscribes (kept to be mailed again).
 */
export const domainWatches = pgTable(
  'domain_watches',
  {
    id: id(),
    host: text('host').notNull(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('zh-cn'),
    key: text('key').notNull(),
    confirmedAt: at('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('domain_watches_host_email_unique').on(t.host, sql`lower(${t.email})`),
    uniqueIndex('domain_watches_key_unique').on(t.key),
  ],
);
