import 'server-only';
import type { AnyNode, Expression, Function as FunctionNode, Node, Pattern } from 'acorn';
import { callValue } from './calls';
import { escapesIn } from './decoders';
import type { ScriptFacts } from './effects';
import { handlerRunsOnLoad, listening, runNow } from './events';
import { isFetched, responseMember, socketHandler } from './fetched';
import { gateKinds, gateOfPath } from './gates';
import { GLOBALS, propertyName, SINK_NAMES } from './names';
import { binaryValue, memberValue, truthy, unaryValue } from './operators';
import { attrValue, datasetAttr, type PageData } from './page-data';
import { assignSink } from './sinks';
import { returnedSpiderSide, type SpiderScope, type SpiderSide, spiderSide } from './spider-test';
import { constTruth, namesSpiders } from './spider-words';
import {
  type Budget,
  BudgetSpent,
  known,
  num,
  ref,
  str,
  text,
  union,
  type Val,
  WINDOW_NAMES,
} from './values';
import { load } from './writes';

/**
 * The expression half of the script reader (reader.ts walks the statements): the value of an
 * expression folded where it is constant, browser objects followed however they are spelled, the
 * sinks it reaches recorded with the visitor tests (`gates`) it sits behind.
 */
export abstract class ExpressionReader {
  readonly env = new Map<string, Val>();
  /** What `this` is where the reader is: the element of jQuery's `.each` and delegated `.on` callbacks, else unknown. */
  self: Val = null;
  readonly tainted = new Map<string, string[]>();
  /** Whether variables and functions test for search spiders, and which way (spider-test.ts). */
  protected readonly spiders = new Map<string, SpiderSide>();
  /** Variables holding words that name spiders (`var bots = ['Baiduspider', 'Googlebot']`). */
  private readonly spiderWords = new Set<string>();
  protected readonly spiderScope: SpiderScope = { sides: this.spiders, words: this.spiderWords };
  private gates: string[] = [];
  /** How many functions that run only when called the reader is inside. */
  protected later = 0;
  /**
   * The window's `message` listeners the reader is inside (what they run came from another window),
   * each with whether it checks who sent the message.
   */
  readonly inMessage: boolean[] = [];
  /** How often code the reader cannot see ran so far, and the functions in which it did. */
  protected unseen = 0;
  readonly runsUnseenIn = new WeakSet<object>();
  /**
   * Navigations to an address the code cannot see (`location.href = e.data`), and those in each
   * function read: a function declared first and then registered for `message` (events.ts).
   */
  readonly blindNavigations: { start: number; end: number }[] = [];
  readonly navigatesBlindIn = new WeakMap<object, { start: number; end: number }[]>();

  constructor(
    /** The code being read: a cheap look at a function's text before reading it for visitor tests. */
    protected readonly source: string,
    readonly facts: ScriptFacts,
    readonly budget: Budget,
    /** Reads a decoded string as code (eval, setTimeout, Function): one level deeper. */
    readonly evalCode: (code: string, dec: string[], gates: string[], at: Node) => void,
    /** The `data-` attributes of the page the script runs in, when it runs in one. */
    readonly page: PageData | null = null,
  ) {}

  /**
   * Reads a function's body where the function is written. `now`: it runs as the page loads
   * (an IIFE, a timer, a load or page-wide event); otherwise only when something calls it.
   */
  abstract walkFunction(fn: FunctionNode, now?: boolean): Val;

  get currentGates() {
    return this.gates;
  }

  get deferred() {
    return this.later > 0;
  }

  /**
   * Code the reader cannot see runs here (`eval(x)`): what was fetched when `code` is made from it
   * (fetched.ts); inside a `message` listener, code another window sent.
   */
  runsUnseen(code: Val = null) {
    if (isFetched(code)) this.facts.runsFetched = true;
    this.unseen++;
    if (this.inMessage.length > 0) this.facts.messageRuns = true;
  }

  /** Runs `fn` with `name` standing for `v` (a callback's parameter), then as it was. */
  bound<T>(name: string | null, v: Val, fn: () => T): T {
    if (!name) return fn();
    const had = this.env.has(name);
    const saved = this.env.get(name);
    this.env.set(name, v);
    try {
      return fn();
    } finally {
      if (had) this.env.set(name, saved ?? null);
      else this.env.delete(name);
    }
  }

  tick() {
    if (--this.budget.nodes < 0) {
      this.budget.cut = true;
      throw new BudgetSpent();
    }
  }

  underGates<T>(kinds: string[], fn: () => T): T {
    const before = this.gates;
    this.gates = union(before, kinds);
    try {
      return fn();
    } finally {
      this.gates = before;
    }
  }

  /** The visitor tests an expression makes (gates.ts), with the property names the reader resolved. */
  gatesOf(node: Node | null | undefined): string[] {
    return gateKinds(node, this.tainted, (name) => {
      const v = this.env.get(name);
      return v?.t === 'str' ? v.s : null;
    });
  }

  /**
   * The visitor tests a branch sits behind: those `test` makes, and `spider` when the branch
   * taken with `test` being `side` (truthy: `only`, falsy: `never`) runs for search spiders only.
   */
  protected branchGates(test: Node, side: 'only' | 'never' | null): string[] {
    const spider = side !== null && spiderSide(test, this.spiderScope) === side;
    return spider ? union(this.gatesOf(test), ['spider']) : this.gatesOf(test);
  }

  /** A spider test a variable is set to: a test, a function returning one, or a flag set only behind one (`if (bot) s = 1`). */
  private spiderSideOf(init: Expression): SpiderSide {
    if (init.type === 'FunctionExpression' || init.type === 'ArrowFunctionExpression')
      return returnedSpiderSide(init as never, this.spiderScope);
    const side = spiderSide(init, this.spiderScope);
    if (side || !this.gates.includes('spider')) return side;
    const truth = constTruth(init);
    return truth === null ? null : truth ? 'only' : 'never';
  }

  protected bind(target: Pattern, v: Val, init?: Expression | null) {
    if (target.type === 'ObjectPattern') {
      // `const {referrer: r} = document`, `const {atob: d} = window`: each name a member of the value.
      for (const p of target.properties) {
        if (p.type !== 'Property') continue;
        const key = propertyName(p);
        const to = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
        if (to.type !== 'Identifier' && to.type !== 'ObjectPattern') continue;
        this.bind(to, key ? this.member(v, { name: key, dec: [] }) : null);
      }
      return;
    }
    if (target.type !== 'Identifier') return;
    this.env.set(target.name, v);
    const kinds = init ? this.gatesOf(init) : [];
    // A browser object's property reached however it was spelled (`nv[k]`, destructuring).
    const read = v?.t === 'ref' ? gateOfPath(v.path) : null;
    if (read && !kinds.includes(read)) kinds.push(read);
    if (kinds.length) this.tainted.set(target.name, kinds);
    this.spiderWords[init && namesSpiders(init, this.spiderWords) ? 'add' : 'delete'](target.name);
    this.spiders.set(target.name, init ? this.spiderSideOf(init) : null);
  }

  /** The value of an expression, recording the sinks it reaches on the way. */
  value(node: Expression | AnyNode | null | undefined): Val {
    if (!node) return null;
    this.tick();
    switch (node.type) {
      case 'Literal':
        if (typeof node.value === 'string') return str(node.value, escapesIn(node.raw ?? ''));
        if (typeof node.value === 'number') return num(node.value);
        // A regular expression is an object: aaencode's first line reads `/…/['_']`, undefined.
        return node.regex ? { t: 'obj', props: new Map() } : null;
      case 'TemplateLiteral': {
        let s = '';
        let dec: string[] = [];
        node.quasis.forEach((q, i) => {
          s += q.value.cooked ?? '';
          if (i < node.expressions.length) {
            const part = text(this.value(node.expressions[i]!));
            s += part.s;
            dec = union(dec, part.dec);
          }
        });
        return str(s, dec);
      }
      case 'Identifier':
        return this.lookup(node.name);
      case 'ThisExpression':
        return this.self;
      case 'BinaryExpression':
        return binaryValue(node.operator, this.value(node.left as Expression), this.value(node.right));
      case 'UnaryExpression':
        return unaryValue(node.operator, this.value(node.argument));
      case 'LogicalExpression': {
        const left = this.value(node.left);
        // `isSpider && write()` runs the right side for spiders only, `!isSpider || write()` too.
        const side = node.operator === '&&' ? 'only' : node.operator === '||' ? 'never' : null;
        const right = this.underGates(this.branchGates(node.left, side), () => this.value(node.right));
        const t = truthy(left);
        if (node.operator === '||' && t !== null) return t ? left : right;
        return node.operator === '&&' ? right : (left ?? right);
      }
      case 'ConditionalExpression': {
        this.value(node.test);
        const a = this.underGates(this.branchGates(node.test, 'only'), () => this.value(node.consequent));
        const b = this.underGates(this.branchGates(node.test, 'never'), () => this.value(node.alternate));
        return a?.t === 'str' && b?.t === 'str' && a.s === b.s ? a : null;
      }
      case 'SequenceExpression': {
        let last: Val = null;
        for (const e of node.expressions) last = this.value(e);
        return last;
      }
      case 'AssignmentExpression':
        return this.assign(node);
      case 'ArrayExpression':
        return {
          t: 'arr',
          items: node.elements.map((e) => (e && e.type !== 'SpreadElement' ? this.value(e) : null)),
        };
      case 'ObjectExpression': {
        const props = new Map<string, Val>();
        let open = false;
        for (const p of node.properties) {
          if (p.type !== 'Property') {
            open = true;
            continue;
          }
          const v = this.value(p.value as Expression);
          const key = propertyName(p);
          if (key === null) open = true;
          else props.set(key, v);
        }
        return { t: 'obj', props, open };
      }
      case 'MemberExpression':
        return this.member(this.value(node.object as Expression), this.propName(node));
      case 'CallExpression':
      case 'NewExpression':
        return callValue(this, node);
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        this.walkFunction(node);
        return { t: 'fn', node };
      case 'ChainExpression':
        return this.value(node.expression);
      case 'ImportExpression':
        // `import('https://…/m.js')`: a module script loaded from that address.
        load(this, this.value(node.source), 'script', 'js-import', node);
        return null;
      case 'AwaitExpression':
      case 'YieldExpression':
      case 'SpreadElement':
        return this.value(node.argument);
      case 'UpdateExpression': {
        // `++$`: jjencode counts its digits so.
        const before = this.value(node.argument);
        if (node.argument.type !== 'Identifier') return null;
        const n = before?.t === 'num' ? before.n : null;
        const after = n === null ? null : num(node.operator === '++' ? n + 1 : n - 1);
        this.env.set(node.argument.name, after);
        return node.prefix || n === null ? after : num(n);
      }
      default:
        return null;
    }
  }

  lookup(name: string): Val {
    if (this.env.has(name)) return this.env.get(name) ?? null;
    if (WINDOW_NAMES.has(name)) return ref('window');
    if (name === '$' || name === 'jQuery') return ref('jquery');
    return GLOBALS.has(name) ? ref(name) : null;
  }

  /** A member's name: `a.b`, `a['b']`, `a['\x62']`, `a[i]` with a known `i`. */
  propName(node: { computed: boolean; property: AnyNode }): { name: string | null; dec: string[] } {
    if (!node.computed && node.property.type === 'Identifier') return { name: node.property.name, dec: [] };
    const p = this.value(node.property as Expression);
    if (p?.t === 'num') return { name: String(p.n), dec: [] };
    // `x[[1]+[0]]`, `x[![]]`: JavaScript turns the key into a string.
    const v = p?.t === 'arr' || p?.t === 'bool' || p?.t === 'undef' ? str(text(p).s, text(p).dec) : p;
    if (!known(v)) return { name: null, dec: [] };
    // `window['loc'+'ation']`: a browser object's name assembled at run time, which honest code
    // never needs (a literal `['location']` is only a spelling).
    const built = node.property.type !== 'Literal' && SINK_NAMES.has(v.s);
    return { name: v.s, dec: built ? union(v.dec, ['builtName']) : v.dec };
  }

  /** The source of a stretch of the code (a call's text, for how it was written). */
  slice(start: number, end: number): string {
    return this.source.slice(start, end);
  }

  member(obj: Val, prop: { name: string | null; dec: string[] }): Val {
    const response = responseMember(obj, prop.name);
    if (response) return response;
    // `el.dataset.fooBar`: the page's `data-foo-bar` attribute of that element.
    if (obj?.t === 'ref' && obj.path.endsWith('.dataset') && prop.name) {
      const v = this.attr(obj.path.slice(0, -8), datasetAttr(prop.name));
      if (v) return v;
    }
    return memberValue(obj, prop);
  }

  /** An attribute of a page element the reader names by path (script/page-data.ts), as a string. */
  attr(path: string, name: string): Val {
    const v = attrValue(this.page, path, name);
    return v === null ? null : str(v);
  }

  private assign(node: Extract<AnyNode, { type: 'AssignmentExpression' }>): Val {
    const right = node.right as AnyNode;
    const left = node.left;
    // The object assigned to is worked out first, as JavaScript does.
    const member = left.type === 'MemberExpression' ? left : null;
    const target = member ? this.value(member.object as Expression) : null;
    const prop = member ? this.propName(member) : null;
    if (prop && handlerRunsOnLoad(target, prop.name ?? '')) runNow(this, right);
    // `window.onmessage = function (e) {…}`.
    const onmessage =
      member?.object.type === 'Identifier' &&
      WINDOW_NAMES.has(member.object.name) &&
      prop?.name === 'onmessage';
    socketHandler(this, target, prop?.name ?? null, right);
    const handler = right.type === 'Identifier' ? this.lookup(right.name) : null;
    let v = listening(
      this,
      onmessage,
      () => this.value(node.right),
      handler,
      // A handler declared before (`window.onmessage = onMsg`): its own code, where a check would be.
      handler?.t === 'fn'
        ? this.slice(handler.node.start, handler.node.end)
        : this.slice(right.start, right.end),
    );
    if (left.type === 'Identifier') {
      if (node.operator === '+=') v = binaryValue('+', this.lookup(left.name), v);
      else if (node.operator !== '=') v = null;
      this.bind(left, v, node.right);
      return v;
    }
    if (prop) assignSink(this, target, prop, v, node);
    if (target?.t === 'obj' && prop) {
      if (prop.name === null || node.operator !== '=') target.open = true;
      else target.props?.set(prop.name, v);
    }
    return v;
  }
}
