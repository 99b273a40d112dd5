import 'server-only';
import { ACCOUNT_TABLES, CMS_TABLES, TABLE_PREFIXES } from './cms-catalog';

/** One SQL statement that touches what the CMS owns: the rule, the statement, the table, where it starts. */
export type SqlFinding = { rule: 'accountWrite' | 'cmsDestroy'; verb: string; src: string; at: number };

const verb = (m: RegExpMatchArray) => (m[1] ?? '').replace(/\s+/g, ' ').toUpperCase();

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\#@]/g, '\\$&');
/** The CMS's prefix or a placeholder for it; NUL stands for a part of the text not known (a variable). */
const PREFIX = `(?:${[...TABLE_PREFIXES.map(literal), '\\0'].join('|')})`;
const name = (tables: string[]) => `[\`"']?${PREFIX}(${tables.map(literal).join('|')})[\`"']?(?![\\w])`;

/** Statements that add or change rows: the table, then the rest of the statement up to `;`. */
const WRITE = new RegExp(
  `\\b(insert\\s+(?:ignore\\s+)?into|replace\\s+(?:into\\s+)?|update(?:\\s+low_priority|\\s+ignore)*)\\s+${name([...ACCOUNT_TABLES.keys()])}([^;]*)`,
  'gi',
);
/** Statements that remove a CMS table or empty it (`DELETE` without a `WHERE` too). */
const DESTROY = new RegExp(
  `\\b(drop\\s+table(?:\\s+if\\s+exists)?|truncate(?:\\s+table)?|delete\\s+from)\\s+${name(CMS_TABLES)}([^;]*)`,
  'gi',
);

/**
 * Writes to the CMS's account tables and removals of its tables, in SQL text: a string the PHP code
 * passes to a call, or an `.sql` file the plugin ships (its installer runs them).
 */
export function sqlFindings(text: string): SqlFinding[] {
  const out: SqlFinding[] = [];
  const sql = text.replace(/\/\*[\s\S]*?\*\/|(?:--|#(?!@__))[^\n]*/g, (c) => c.replace(/[^\n]/g, ' '));
  for (const m of sql.matchAll(WRITE)) {
    const table = (m[2] ?? '').toLowerCase();
    const spec = ACCOUNT_TABLES.get(table);
    if (!spec) continue;
    const inserts = !/^update/i.test(m[1] ?? '');
    const rest = (m[3] ?? '').toLowerCase();
    if (spec.anyWrite || inserts || spec.columns.some((c) => rest.includes(c)))
      out.push({
        rule: 'accountWrite',
        verb: verb(m),
        src: `${TABLE_PREFIXES[0]}${table}`,
        at: m.index ?? 0,
      });
  }
  for (const m of sql.matchAll(DESTROY)) {
    if (/^delete/i.test(m[1] ?? '') && /\bwhere\b/i.test(m[3] ?? '')) continue;
    out.push({
      rule: 'cmsDestroy',
      verb: verb(m),
      src: `${TABLE_PREFIXES[0]}${(m[2] ?? '').toLowerCase()}`,
      at: m.index ?? 0,
    });
  }
  return out;
}
