import type { AnyNode, Expression, Function as FunctionNode, Node, Pattern } from 'acorn';
import { callValue, load } from './calls';
import { escapesIn } from './decoders';
import type { ScriptFacts } from './effects';
import { listening, PAGE_EVENTS, runNow } from './events';
import { gateKinds, gateOfPath, gateWordsIn } from './gates';
import { GLOBALS, propertyName, SINK_NAMES } from './names';
import { binaryValue, memberValue, truthy, unaryValue } from './operators';
import { attrValue, datasetAttr, type PageData } from './page-data';
import { assignSink } from './sinks';
import { returnedSpiderSide, type SpiderSide, spiderSide } from './spider-test';
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

export type { Budget } from './values';

/**
 * Reads one script without running it: values are folded where they are constant (literals,
 * escapes, concatenation, fromCharCode, atob, unescape, split/reverse/join, packers), browser
 * objects are followed however they are spelled, and every sink (an element's src, document.write,
 * innerHTML, location, window.open, eval of a string, form submission) is recorded with the
 * visitor tests it sits behind. Bounded: a shared node budget and a cap on string sizes.
 */
export class ScriptReader {
  readonly env = new Map<string, Val>();
  readonly tainted = new Map<string, string[]>();
  /** Whether variables and functions test for search spiders, and which way (spider-test.ts). */
  private readonly spiders = new Map<string, SpiderSide>();
  private gates: string[] = [];
  private readonly walked = new WeakSet<object>();
  /** Functions read so far only as running when called: read again if they turn out to run now. */
  private readonly walkedLater = new WeakSet<object>();
  /** How many functions that run only when called the reader is inside. */
  private later = 0;
  /** How many of the window's `message` listeners the reader is inside (what they run came from another window). */
  inMessage = 0;
  /** What the function being read returns (its last `return` the reader reached). */
  private returned: { v: Val } = { v: null };

  constructor(
    /** The code being read: a cheap look at a function's text before reading it for visitor tests. */
    private readonly source: string,
    readonly facts: ScriptFacts,
    readonly budget: Budget,
    /** Reads a decoded string as code (eval, setTimeout, Function): one level deeper. */
    readonly evalCode: (code: string, dec: string[], gates: string[], at: Node) => void,
    /** The `data-` attributes of the page the script runs in, when it runs in one. */
    readonly page: PageData | null = null,
  ) {}

  get currentGates() {
    return this.gates;
  }

  get deferred() {
    return this.later > 0;
  }

  /** Whether a stretch of the code mentions a visitor test (found once per script, then looked up). */
  private mentionsGate(start: number, end: number): boolean {
    this.gateWords ??= gateWordsIn(this.source);
    return this.gateWords(start, end);
  }

  private gateWords: ((start: number, end: number) => boolean) | null = null;

  /** Code the reader cannot see runs here (`eval(x)`); inside a `message` listener, code another window sent. */
  runsUnseen() {
    this.facts.runsUnseen = true;
    this.unseen++;
    if (this.inMessage > 0) this.facts.messageRuns = true;
  }

  /** How often code the reader cannot see ran so far, and the functions in which it did. */
  private unseen = 0;
  readonly runsUnseenIn = new WeakSet<object>();

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

  walk(node: AnyNode | null | undefined): void {
    if (!node) return;
    this.tick();
    switch (node.type) {
      case 'Program':
      case 'BlockStatement':
      case 'StaticBlock':
        for (const s of node.body) this.walk(s as AnyNode);
        return;
      case 'ExpressionStatement':
        this.value(node.expression);
        return;
      case 'VariableDeclaration':
        for (const d of node.declarations) {
          const v = d.init ? this.value(d.init) : null;
          this.bind(d.id, v, d.init);
        }
        return;
      case 'FunctionDeclaration':
        if (node.id) {
          const kinds = this.mentionsGate(node.body.start, node.body.end) ? this.gatesOf(node.body) : [];
          if (kinds.length) this.tainted.set(node.id.name, kinds);
          const spider = kinds.length ? returnedSpiderSide(node as never, this.spiders) : null;
          if (spider) this.spiders.set(node.id.name, spider);
          this.env.set(node.id.name, { t: 'fn', node });
        }
        this.walkFunction(node);
        return;
      case 'IfStatement': {
        this.value(node.test);
        const kinds = this.gatesOf(node.test);
        this.underGates(union(kinds, this.spidersOnly(node.test, 'only')), () => this.walk(node.consequent));
        this.underGates(union(kinds, this.spidersOnly(node.test, 'never')), () => this.walk(node.alternate));
        return;
      }
      case 'SwitchStatement': {
        this.value(node.discriminant);
        const kinds = this.gatesOf(node.discriminant);
        this.underGates(kinds, () => {
          for (const c of node.cases) for (const s of c.consequent) this.walk(s);
        });
        return;
      }
      case 'ForStatement':
        if (node.init)
          node.init.type === 'VariableDeclaration' ? this.walk(node.init) : this.value(node.init);
        if (node.test) this.value(node.test);
        if (node.update) this.value(node.update);
        this.walk(node.body);
        return;
      case 'ForInStatement':
      case 'ForOfStatement':
        this.value(node.right);
        this.walk(node.body);
        return;
      case 'WhileStatement':
      case 'DoWhileStatement':
        this.value(node.test);
        this.underGates(this.gatesOf(node.test), () => this.walk(node.body));
        return;
      case 'TryStatement':
        this.walk(node.block);
        this.walk(node.handler?.body);
        this.walk(node.finalizer);
        return;
      case 'LabeledStatement':
      case 'WithStatement':
        this.walk(node.body);
        return;
      case 'ReturnStatement':
        if (node.argument) this.returned.v = this.value(node.argument);
        return;
      case 'ThrowStatement':
        if (node.argument) this.value(node.argument);
        return;
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
        if (node.declaration) this.walk(node.declaration as AnyNode);
        return;
      default:
        return;
    }
  }

  /**
   * A function's body is read where the function is written. `now`: it runs as the page loads
   * (an IIFE, a timer, a load or page-wide event); otherwise only when something calls it.
   */
  walkFunction(fn: FunctionNode, now = false): Val {
    if (this.walked.has(fn) && !(now && this.walkedLater.has(fn))) return null;
    this.walked.add(fn);
    if (now) this.walkedLater.delete(fn);
    else this.walkedLater.add(fn);
    if (!now) this.later++;
    const outer = this.returned;
    this.returned = { v: null };
    const unseen = this.unseen;
    try {
      if (fn.body.type === 'BlockStatement') this.walk(fn.body);
      else this.returned.v = this.value(fn.body);
      return this.returned.v;
    } finally {
      this.returned = outer;
      if (!now) this.later--;
      if (this.unseen > unseen) this.runsUnseenIn.add(fn);
    }
  }

  /** `['spider']` when the branch taken with `test` being `side` runs for search spiders only. */
  private spidersOnly(test: Node, side: 'only' | 'never'): string[] {
    return spiderSide(test, this.spiders) === side ? ['spider'] : [];
  }

  /** The visitor tests an expression makes (gates.ts), with the property names the reader resolved. */
  gatesOf(node: Node | null | undefined): string[] {
    return gateKinds(node, this.tainted, (name) => {
      const v = this.env.get(name);
      return v?.t === 'str' ? v.s : null;
    });
  }

  private bind(target: Pattern, v: Val, init?: Expression | null) {
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
    this.spiders.set(target.name, init ? spiderSide(init, this.spiders) : null);
  }

  /** The value of an expression, recording the sinks it reaches on the way. */
  value(node: Expression | AnyNode | null | undefined): Val {
    if (!node) return null;
    this.tick();
    switch (node.type) {
      case 'Literal':
        if (typeof node.value === 'string') return str(node.value, escapesIn(node.raw ?? ''));
        return typeof node.value === 'number' ? num(node.value) : null;
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
        return null;
      case 'BinaryExpression':
        return binaryValue(node.operator, this.value(node.left as Expression), this.value(node.right));
      case 'UnaryExpression':
        return unaryValue(node.operator, this.value(node.argument));
      case 'LogicalExpression': {
        const left = this.value(node.left);
        // `isSpider && write()` runs the right side for spiders only, `!isSpider || write()` too.
        const side = node.operator === '&&' ? 'only' : node.operator === '||' ? 'never' : null;
        const spider = side ? this.spidersOnly(node.left, side) : [];
        const right = this.underGates(union(this.gatesOf(node.left), spider), () => this.value(node.right));
        const t = truthy(left);
        if (node.operator === '||' && t !== null) return t ? left : right;
        return node.operator === '&&' ? right : (left ?? right);
      }
      case 'ConditionalExpression': {
        this.value(node.test);
        const kinds = this.gatesOf(node.test);
        const a = this.underGates(union(kinds, this.spidersOnly(node.test, 'only')), () =>
          this.value(node.consequent),
        );
        const b = this.underGates(union(kinds, this.spidersOnly(node.test, 'never')), () =>
          this.value(node.alternate),
        );
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
      case 'ObjectExpression':
        for (const p of node.properties) {
          if (p.type === 'Property') this.value(p.value as Expression);
        }
        return { t: 'obj' };
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
      case 'UpdateExpression':
        this.value(node.argument);
        return null;
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
    if (node.left.type === 'MemberExpression' && PAGE_EVENTS.test(this.propName(node.left).name ?? ''))
      runNow(this, right);
    const left = node.left;
    // `window.onmessage = function (e) {…}`.
    const onmessage =
      left.type === 'MemberExpression' &&
      left.object.type === 'Identifier' &&
      WINDOW_NAMES.has(left.object.name) &&
      this.propName(left).name === 'onmessage';
    const handler = right.type === 'Identifier' ? this.lookup(right.name) : null;
    let v = listening(this, onmessage, () => this.value(node.right), handler);
    if (left.type === 'Identifier') {
      if (node.operator === '+=') v = binaryValue('+', this.lookup(left.name), v);
      else if (node.operator !== '=') v = null;
      this.bind(left, v, node.right);
      return v;
    }
    if (left.type !== 'MemberExpression') return v;
    const target = this.value(left.object as Expression);
    const prop = this.propName(left);
    assignSink(this, target, prop, v, node);
    return v;
  }
}
