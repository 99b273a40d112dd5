import 'server-only';
import { parse } from 'acorn';
import type { Added } from './diff';

/** What the player's configuration makes the player load: its preload, buffer and parse pages. */
export type ConfigPage = { field: string; url: string };

const FIELDS = ['prestrain', 'buffer', 'parse'];

/**
 * `static/js/playerconfig.js` is rewritten by the admin panel on every settings change, so its
 * hash proves nothing; its shape does: nothing but `MacPlayerConfig` and its members set to
 * literal data. Anything else in it is added code. The pages it names are loads of the player.
 */
export function readPlayerConfig(text: string): { added: Added[]; pages: ConfigPage[] } | null {
  let tree: ReturnType<typeof parse>;
  try {
    tree = parse(text, { ecmaVersion: 'latest', sourceType: 'script' });
  } catch {
    return null;
  }
  const added: Added[] = [];
  const pages: ConfigPage[] = [];
  for (const statement of tree.body) {
    const parts =
      statement.type === 'ExpressionStatement'
        ? statement.expression.type === 'SequenceExpression'
          ? statement.expression.expressions
          : [statement.expression]
        : statement.type === 'VariableDeclaration'
          ? statement.declarations.map((d) => ({ type: 'decl', d }) as const)
          : null;
    const ok =
      statement.type === 'EmptyStatement' ||
      (parts?.every((p) => {
        if ('d' in p)
          return p.d.id.type === 'Identifier' && p.d.id.name === 'MacPlayerConfig' && isData(p.d.init);
        return (
          p.type === 'AssignmentExpression' &&
          p.operator === '=' &&
          isConfigTarget(p.left as unknown as N) &&
          isData(p.right)
        );
      }) ??
        false);
    if (ok) continue;
    const last = added.at(-1);
    // Statements next to each other are one addition (a loader appended on one line).
    if (last && !text.slice(last.offset + last.text.length, statement.start).trim()) {
      last.text = text.slice(last.offset, statement.end);
    } else added.push({ offset: statement.start, text: text.slice(statement.start, statement.end) });
  }
  collectPages(text, pages);
  return { added, pages };
}

type N = { type: string; [key: string]: unknown };

function isConfigTarget(node: N): boolean {
  if (node.type === 'Identifier') return node.name === 'MacPlayerConfig';
  return node.type === 'MemberExpression' && !node.computed && isConfigTarget(node.object as N);
}

/** Object, array, string, number, boolean and null literals only. */
function isData(node: unknown): boolean {
  const n = node as N | null | undefined;
  if (!n) return true;
  if (n.type === 'Literal') return !('regex' in n && n.regex);
  if (n.type === 'UnaryExpression') return n.operator === '-' && isData(n.argument);
  if (n.type === 'ArrayExpression') return (n.elements as unknown[]).every(isData);
  if (n.type === 'ObjectExpression') {
    return (n.properties as N[]).every((p) => p.type === 'Property' && !p.computed && isData(p.value));
  }
  return false;
}

/** The global preload/buffer/parse pages, and each player's own parse page when it uses one. */
function collectPages(text: string, pages: ConfigPage[]) {
  for (const field of FIELDS) {
    for (const m of text.matchAll(new RegExp(`"${field}"\\s*:\\s*"([^"]{1,500})"`, 'g'))) {
      let url = '';
      try {
        url = JSON.parse(`"${m[1]}"`) as string;
      } catch {
        continue;
      }
      if (url && !pages.some((p) => p.url === url)) pages.push({ field, url });
    }
  }
}
