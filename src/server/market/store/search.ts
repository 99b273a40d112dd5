import 'server-only';
import { eq, isNull, type SQL, sql } from 'drizzle-orm';
import { onPublicChange, touches } from '../../cache/change-bus';
import { getDb } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { appVersions } from '../../db/schema';
import { PHRASE_BONUS, type QueryTerm, TEXT_WEIGHT, TITLE_WEIGHT, textTokens } from '../../search/tokens';

/** The token columns of a version, from the text it is submitted with. */
export const versionTokens = (v: { name: string; describe: string }) => ({
  nameTokens: textTokens(v.name),
  textTokens: textTokens(v.describe),
});

const BATCH = 200;

/**
 * Computes the tokens of versions that have none yet: rows from before the columns existed, and any
 * written without them (a hand-made row). Looked for once per process and again after each change
 * to the store (the same signal that drops the store's caches), not before every search; safe on
 * several nodes at once (each writes the same tokens).
 */
export function fillSearchTokens(): Promise<void> {
  filled ??= fillMissing().catch((error: unknown) => {
    filled = null; // the next search tries again
    throw error;
  });
  return filled;
}

let filled: Promise<void> | null = null;
onPublicChange((changed) => {
  if (touches(changed, ['store'])) filled = null;
});

async function fillMissing() {
  const db = await getDb();
  for (;;) {
    const rows = await db
      .select({ id: appVersions.id, name: appVersions.name, describe: appVersions.describe })
      .from(appVersions)
      .where(isNull(appVersions.nameTokens))
      .limit(BATCH);
    for (const row of rows)
      await db.update(appVersions).set(versionTokens(row)).where(eq(appVersions.id, row.id));
    if (rows.length < BATCH) return;
  }
}

const tokenArray = (column: SQL) => sql`coalesce(${column}, '{}'::text[])`;
const NAME = sql`${appVersions.nameTokens}`;
const BOTH = sql`(${tokenArray(NAME)} || ${tokenArray(sql`${appVersions.textTokens}`)})`;

/** Whether a token column holds a word of the query, as server/search/tokens.ts `holds` decides. */
function holds(column: SQL, term: QueryTerm): SQL {
  if (term.partial)
    return sql`exists (select 1 from unnest(${tokenArray(column)}) as t(w) where strpos(t.w, ${term.tokens[0]}::text) > 0)`;
  const wanted = sql.join(
    term.tokens.map((t) => sql`${t}::text`),
    sql`, `,
  );
  return sql`${tokenArray(column)} @> array[${wanted}]::text[]`;
}

/**
 * The relevance of a released version to a query, as server/search/tokens.ts `relevance` counts it:
 * every word must be found; one in the name weighs more than one in the description, and a name
 * holding the whole query as typed gets a bonus. 0 is no match.
 */
export function relevanceSql(terms: QueryTerm[], phrase: string): SQL {
  const parts = terms.map(
    (term) =>
      sql`(case when ${holds(NAME, term)} then ${TITLE_WEIGHT}::int when ${holds(BOTH, term)} then ${TEXT_WEIGHT}::int else null end)`,
  );
  // A word not found makes the sum null: no match.
  const sum = sql`coalesce(${sql.join(parts, sql` + `)}, 0)`;
  const like = likePattern(phrase.trim().normalize('NFKC'));
  return sql`(case when ${sum} > 0 and ${appVersions.name} ilike ${like} then ${sum} + ${PHRASE_BONUS}::int else ${sum} end)`;
}
