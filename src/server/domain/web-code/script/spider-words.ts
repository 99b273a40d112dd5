import 'server-only';
import type { Node } from 'acorn';

export type Any = Node & Record<string, unknown>;

/** Words a user-agent test for search spiders names (`/baiduspider|googlebot|sogou/i`). */
const SPIDER_WORDS = /spider|googlebot|bingbot|\bbot\b|slurp|sogou|yisou|crawler/i;

/**
 * Whether an expression stands for words naming search spiders: a regex or string literal
 * (`/baiduspider/i`, `'Googlebot'`), a list of them, `new RegExp('spider|bot')`, `list.join('|')`,
 * `list[i]`, or a variable in `words` the script set to one of those.
 */
export function namesSpiders(node: unknown, words: ReadonlySet<string>): boolean {
  const n = node as Any | null | undefined;
  switch (n?.type) {
    case 'Literal': {
      const regex = n.regex as { pattern: string } | undefined;
      return SPIDER_WORDS.test(regex ? regex.pattern : String(n.value));
    }
    case 'Identifier':
      return words.has(n.name as string);
    case 'ArrayExpression':
      return (n.elements as unknown[]).some((e) => namesSpiders(e, words));
    case 'MemberExpression':
      return n.computed === true && namesSpiders(n.object, words);
    case 'BinaryExpression':
      return n.operator === '+' && (namesSpiders(n.left, words) || namesSpiders(n.right, words));
    case 'NewExpression':
    case 'CallExpression': {
      const callee = n.callee as Any;
      const args = n.arguments as unknown[];
      if (callee.type === 'Identifier') return callee.name === 'RegExp' && namesSpiders(args[0], words);
      const method = callee.type === 'MemberExpression' ? ((callee.property as Any).name as string) : '';
      return /^(?:join|toLowerCase|toUpperCase|concat)$/.test(method) && namesSpiders(callee.object, words);
    }
    default:
      return false;
  }
}

/** Whether a constant is truthy (`true`, `1`, `!0`, `'1'`) or falsy (`false`, `0`, `null`, `void 0`); null when not a constant. */
export function constTruth(node: unknown): boolean | null {
  const n = node as Any | null | undefined;
  switch (n?.type) {
    case 'Literal':
      return n.regex ? null : Boolean(n.value);
    case 'Identifier':
      return n.name === 'undefined' ? false : null;
    case 'UnaryExpression': {
      if (n.operator === 'void') return false;
      const v = n.operator === '!' ? constTruth(n.argument) : null;
      return v === null ? null : !v;
    }
    default:
      return null;
  }
}
