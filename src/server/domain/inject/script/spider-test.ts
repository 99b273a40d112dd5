import type { Node } from 'acorn';

/** Which visitors pass a test: search spiders only, everyone but spiders, or not known. */
export type SpiderSide = 'only' | 'never' | null;

/** Words a user-agent test for search spiders names (`/baiduspider|googlebot|sogou/i`). */
const SPIDER_WORDS = /spider|googlebot|bingbot|\bbot\b|slurp|sogou|yisou|crawler/i;
/** `isSpider`, `isBot()`, `spider`, `checkBot`: names that say what they test. */
const SPIDER_NAME = /^(?:is|check)?_?(?:spider|bot|robot|crawler)s?$/i;

type Any = Node & Record<string, unknown>;
const flip = (s: SpiderSide): SpiderSide => (s === 'only' ? 'never' : s === 'never' ? 'only' : null);

/** Whether a literal (a regex or a string) names search spiders. */
function namesSpiders(node: unknown): boolean {
  const n = node as Any | undefined;
  if (n?.type !== 'Literal') return false;
  const regex = n.regex as { pattern: string } | undefined;
  return SPIDER_WORDS.test(regex ? regex.pattern : String(n.value));
}

/** `x.indexOf('spider')`, `x.search(/bot/)`: an index, -1 when absent. */
function isIndexOfSpider(node: unknown): boolean {
  const n = node as Any;
  if (n?.type !== 'CallExpression') return false;
  const callee = n.callee as Any;
  const name = callee.type === 'MemberExpression' ? ((callee.property as Any).name as string) : '';
  return (name === 'indexOf' || name === 'search') && namesSpiders((n.arguments as unknown[])[0]);
}

/** `-1`, `0`: the numbers an index is compared with. */
const numberOf = (node: unknown): number | null => {
  const n = node as Any;
  if (n?.type === 'Literal' && typeof n.value === 'number') return n.value;
  if (n?.type === 'UnaryExpression' && n.operator === '-') {
    const v = numberOf(n.argument);
    return v === null ? null : -v;
  }
  return null;
};

/** `i > -1`, `i != -1`, `i >= 0` (found) or `i == -1`, `i < 0` (not found), for an index `i`. */
function indexComparison(op: string, n: number): SpiderSide {
  if (((op === '>' || op === '!=' || op === '!==') && n === -1) || (op === '>=' && n === 0)) return 'only';
  if (((op === '==' || op === '===') && n === -1) || (op === '<' && n === 0)) return 'never';
  return null;
}

/** A variable the script set is what it was set to; an unknown one is what its name says. */
const byName = (name: string, known: ReadonlyMap<string, SpiderSide>): SpiderSide =>
  known.has(name) ? known.get(name)! : SPIDER_NAME.test(name) ? 'only' : null;

/**
 * Which visitors a condition lets through when it tests for search spiders: `'only'` for
 * `/spider|bot/i.test(navigator.userAgent)`, `isSpider()`, `ua.indexOf('Baiduspider') > -1`;
 * `'never'` for their negations. `known` holds the script's variables (null: not such a test) and
 * the functions found to be one. A condition that mixes in other tests with `||` is not known
 * (anyone may pass).
 */
export function spiderSide(node: unknown, known: ReadonlyMap<string, SpiderSide>): SpiderSide {
  const n = node as Any | null | undefined;
  if (!n || typeof n.type !== 'string') return null;
  switch (n.type) {
    case 'Identifier':
      return byName(n.name as string, known);
    case 'UnaryExpression':
      return n.operator === '!' ? flip(spiderSide(n.argument, known)) : null;
    case 'CallExpression': {
      const callee = n.callee as Any;
      const args = n.arguments as unknown[];
      if (callee.type === 'Identifier') return byName(callee.name as string, known);
      if (callee.type !== 'MemberExpression') return null;
      const method = (callee.property as Any).name as string;
      if (method === 'test') return namesSpiders(callee.object) ? 'only' : null;
      if (method === 'match' || method === 'includes') return namesSpiders(args[0]) ? 'only' : null;
      return null;
    }
    case 'BinaryExpression': {
      const op = n.operator as string;
      if (isIndexOfSpider(n.left)) {
        const v = numberOf(n.right);
        return v === null ? null : indexComparison(op, v);
      }
      if (isIndexOfSpider(n.right)) {
        const v = numberOf(n.left);
        const mirrored: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
        return v === null ? null : indexComparison(mirrored[op] ?? op, v);
      }
      return null;
    }
    case 'LogicalExpression': {
      const a = spiderSide(n.left, known);
      const b = spiderSide(n.right, known);
      // `spider && x`: spiders only; `!spider && x`: never spiders. `a || b` only when both agree.
      if (n.operator === '&&') {
        if (a && b && a !== b) return null;
        return a ?? b;
      }
      return n.operator === '||' && a === b ? a : null;
    }
    default:
      return null;
  }
}

/** What a function returns, as a spider test: `function chk(){return /bot/i.test(ua)}`. */
export function returnedSpiderSide(fn: Any, known: ReadonlyMap<string, SpiderSide>): SpiderSide {
  const body = fn.body as Any;
  if (body?.type !== 'BlockStatement') return spiderSide(body, known); // an arrow's expression
  const statements = body.body as Any[];
  const last = statements.at(-1);
  return last?.type === 'ReturnStatement' ? spiderSide(last.argument, known) : null;
}
