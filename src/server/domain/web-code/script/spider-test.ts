import 'server-only';
import { type Any, constTruth, namesSpiders } from './spider-words';

/** Which visitors pass a test: search spiders only, everyone but spiders, or not known. */
export type SpiderSide = 'only' | 'never' | null;

/**
 * What the script set so far: `sides` holds its variables and functions (null: not such a test),
 * `words` the variables holding words that name spiders (`var bots = ['Baiduspider', …]`).
 */
export type SpiderScope = { sides: ReadonlyMap<string, SpiderSide>; words: ReadonlySet<string> };

/** `isSpider`, `isBot()`, `spider`, `checkBot`: names that say what they test. */
const SPIDER_NAME = /^(?:is|check)?_?(?:spider|bot|robot|crawler)s?$/i;

const flip = (s: SpiderSide): SpiderSide => (s === 'only' ? 'never' : s === 'never' ? 'only' : null);

/** `x.indexOf('spider')`, `x.search(/bot/)`, `x.indexOf(bots[i])`: an index, -1 when absent. */
function isIndexOfSpider(node: unknown, scope: SpiderScope): boolean {
  const n = node as Any;
  if (n?.type !== 'CallExpression') return false;
  const callee = n.callee as Any;
  const name = callee.type === 'MemberExpression' ? ((callee.property as Any).name as string) : '';
  return (
    (name === 'indexOf' || name === 'search') && namesSpiders((n.arguments as unknown[])[0], scope.words)
  );
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

const MIRRORED: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

/** A comparison: of an index with a number, or of a test with a constant (`ua.match(/bot/) != null`, `flag == 1`). */
function compared(op: string, left: unknown, right: unknown, scope: SpiderScope): SpiderSide {
  if (isIndexOfSpider(left, scope)) {
    const v = numberOf(right);
    return v === null ? null : indexComparison(op, v);
  }
  if (isIndexOfSpider(right, scope)) {
    const v = numberOf(left);
    return v === null ? null : indexComparison(MIRRORED[op] ?? op, v);
  }
  if (!['==', '===', '!=', '!=='].includes(op)) return null;
  const [test, constant] = constTruth(right) !== null ? [left, right] : [right, left];
  const truth = constTruth(constant);
  const side = truth === null ? null : spiderSide(test, scope);
  return op.startsWith('=') === truth ? side : flip(side);
}

/** A variable the script set is what it was set to; an unknown one is what its name says. */
const byName = (name: string, scope: SpiderScope): SpiderSide =>
  scope.sides.has(name) ? scope.sides.get(name)! : SPIDER_NAME.test(name) ? 'only' : null;

/** `bots.some(function (b) { return ua.indexOf(b) > -1 })`: whether any of the words is in the test. */
function anyOf(list: unknown, fn: unknown, scope: SpiderScope): SpiderSide {
  const f = fn as Any | undefined;
  const param = (f?.params as Any[] | undefined)?.[0];
  if (!namesSpiders(list, scope.words) || param?.type !== 'Identifier') return null;
  return returnedSpiderSide(f!, { ...scope, words: new Set([...scope.words, param.name as string]) });
}

/**
 * Which visitors a condition lets through when it tests for search spiders: `'only'` for
 * `/spider|bot/i.test(navigator.userAgent)`, `isSpider()`, `ua.indexOf('Baiduspider') > -1`,
 * `~ua.indexOf('bot')`, `ua.match(/bot/) != null`, `bots.some(…)`; `'never'` for their negations.
 * A condition that mixes in other tests with `||` is not known (anyone may pass).
 */
export function spiderSide(node: unknown, scope: SpiderScope): SpiderSide {
  const n = node as Any | null | undefined;
  if (!n || typeof n.type !== 'string') return null;
  switch (n.type) {
    case 'Identifier':
      return byName(n.name as string, scope);
    case 'UnaryExpression':
      if (n.operator === '~') return isIndexOfSpider(n.argument, scope) ? 'only' : null;
      return n.operator === '!' ? flip(spiderSide(n.argument, scope)) : null;
    case 'CallExpression': {
      const callee = n.callee as Any;
      const args = n.arguments as unknown[];
      if (callee.type === 'Identifier') return byName(callee.name as string, scope);
      if (callee.type !== 'MemberExpression') return null;
      const method = (callee.property as Any).name as string;
      if (method === 'test' || method === 'exec')
        return namesSpiders(callee.object, scope.words) ? 'only' : null;
      if (method === 'match' || method === 'includes')
        return namesSpiders(args[0], scope.words) ? 'only' : null;
      if (method === 'some' || method === 'find') return anyOf(callee.object, args[0], scope);
      return null;
    }
    case 'BinaryExpression':
      return compared(n.operator as string, n.left, n.right, scope);
    case 'LogicalExpression': {
      const a = spiderSide(n.left, scope);
      const b = spiderSide(n.right, scope);
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

type Return = { truth: boolean | null; side: SpiderSide; last: boolean };

/** The `return`s of a function's own statements, with the spider test each sits behind. */
function returnsIn(
  node: Any | null | undefined,
  side: SpiderSide,
  scope: SpiderScope,
  out: Return[],
): Return[] {
  if (!node) return out;
  const inner = (s: SpiderSide) => side ?? s;
  switch (node.type) {
    case 'BlockStatement':
      for (const s of node.body as Any[]) returnsIn(s, side, scope, out);
      break;
    case 'ReturnStatement': {
      const test = spiderSide(node.argument, scope);
      out.push({ truth: test ? null : constTruth(node.argument), side, last: false });
      break;
    }
    case 'IfStatement': {
      const s = spiderSide(node.test, scope);
      returnsIn(node.consequent as Any, inner(s), scope, out);
      returnsIn(node.alternate as Any, inner(flip(s)), scope, out);
      break;
    }
    case 'ForStatement':
    case 'ForInStatement':
    case 'ForOfStatement':
    case 'WhileStatement':
    case 'DoWhileStatement':
    case 'LabeledStatement':
      returnsIn(node.body as Any, side, scope, out);
      break;
    case 'TryStatement':
      returnsIn(node.block as Any, side, scope, out);
      returnsIn((node.handler as Any | null)?.body as Any, side, scope, out);
      break;
  }
  return out;
}

/**
 * What a function returns, as a spider test: `function chk(){return /bot/i.test(ua)}`, or
 * `if (/bot/i.test(ua)) return true; return false` (constants returned behind a test, the other
 * constant for everyone else, also from inside a loop over a list of spider names).
 */
export function returnedSpiderSide(fn: Any, scope: SpiderScope): SpiderSide {
  const body = fn.body as Any;
  if (body?.type !== 'BlockStatement') return spiderSide(body, scope); // an arrow's expression
  const statements = body.body as Any[];
  const last = statements.at(-1);
  if (last?.type === 'ReturnStatement') {
    const direct = spiderSide(last.argument, scope);
    if (direct) return direct;
  }
  const returns = returnsIn(body, null, scope, []);
  // Who reaches the end: a last `return` (or none: undefined, falsy) and any untested `return` say it.
  const rest = last?.type === 'ReturnStatement' ? constTruth(last.argument) : false;
  const tested = returns.filter((r) => r.side);
  if (rest === null || tested.length === 0) return null;
  if (returns.some((r) => !r.side && r.truth !== rest)) return null;
  // Each tested return must answer the same for spiders, and the rest the other way.
  const forSpiders = new Set(
    tested.map((r) => (r.truth === null ? null : r.side === 'only' ? r.truth : !r.truth)),
  );
  const [answer] = [...forSpiders];
  if (forSpiders.size !== 1 || answer === null || answer === undefined) return null;
  const sides = new Set(tested.map((r) => r.side));
  // Returns behind both a test and its negation leave nobody for the end; otherwise the end is the others.
  if (sides.size === 1 && rest === (sides.has('only') ? answer : !answer)) return null;
  return answer ? 'only' : 'never';
}
