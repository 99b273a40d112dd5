import 'server-only';
import type { AnyNode, Function as FunctionNode } from 'acorn';
import { ExpressionReader } from './expression-reader';
import { gateWordsIn } from './gates';
import { returnedSpiderSide } from './spider-test';
import { union, type Val } from './values';

export type { Budget } from './values';

/**
 * Reads one script without running it: values are folded where they are constant (literals,
 * escapes, concatenation, fromCharCode, atob, unescape, split/reverse/join, packers), browser
 * objects are followed however they are spelled, and every sink (an element's src, document.write,
 * innerHTML, location, window.open, eval of a string, form submission) is recorded with the
 * visitor tests it sits behind. Bounded: a shared node budget and a cap on string sizes. This half
 * walks the statements; expression-reader.ts works out the values.
 */
export class ScriptReader extends ExpressionReader {
  private readonly walked = new WeakSet<object>();
  /** Functions read so far only as running when called: read again if they turn out to run now. */
  private readonly walkedLater = new WeakSet<object>();
  /** What the function being read returns (its last `return` the reader reached). */
  private returned: { v: Val } = { v: null };

  /** Whether a stretch of the code mentions a visitor test (found once per script, then looked up). */
  private mentionsGate(start: number, end: number): boolean {
    this.gateWords ??= gateWordsIn(this.source);
    return this.gateWords(start, end);
  }

  private gateWords: ((start: number, end: number) => boolean) | null = null;

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
      case 'FunctionDeclaration': {
        const kinds =
          node.id && this.mentionsGate(node.body.start, node.body.end) ? this.gatesOf(node.body) : [];
        if (node.id) {
          if (kinds.length) this.tainted.set(node.id.name, kinds);
          this.env.set(node.id.name, { t: 'fn', node });
        }
        this.walkFunction(node);
        // After its body is read, so that flags it sets behind a spider test are known (`return found`).
        const spider = node.id && kinds.length ? returnedSpiderSide(node as never, this.spiderScope) : null;
        if (spider) this.spiders.set(node.id!.name, spider);
        return;
      }
      case 'IfStatement':
        this.value(node.test);
        this.underGates(this.branchGates(node.test, 'only'), () => this.walk(node.consequent));
        this.underGates(this.branchGates(node.test, 'never'), () => this.walk(node.alternate));
        return;
      case 'SwitchStatement':
        this.value(node.discriminant);
        this.underGates(this.gatesOf(node.discriminant), () => this.walkCases(node));
        return;
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
   * A switch's cases. In `switch (true) { case /spider/i.test(ua): … }` each case is a test of its
   * own: reaching one means every test before it was made, and a case the one before does not fall
   * into runs only for those its own test lets through.
   */
  private walkCases(node: Extract<AnyNode, { type: 'SwitchStatement' }>) {
    const onTests = node.discriminant.type === 'Literal' && node.discriminant.value === true;
    let before: string[] = [];
    node.cases.forEach((c, i) => {
      let kinds: string[] = [];
      if (onTests && c.test) {
        const last = node.cases[i - 1]?.consequent.at(-1)?.type;
        const alone =
          i === 0 || last === 'BreakStatement' || last === 'ReturnStatement' || last === 'ThrowStatement';
        this.value(c.test);
        kinds = union(before, this.branchGates(c.test, alone ? 'only' : null));
        before = union(before, this.gatesOf(c.test));
      }
      this.underGates(kinds, () => {
        for (const s of c.consequent) this.walk(s);
      });
    });
  }

  walkFunction(fn: FunctionNode, now = false): Val {
    if (this.walked.has(fn) && !(now && this.walkedLater.has(fn))) return null;
    this.walked.add(fn);
    if (now) this.walkedLater.delete(fn);
    else this.walkedLater.add(fn);
    if (!now) this.later++;
    const outer = this.returned;
    this.returned = { v: null };
    const unseen = this.unseen;
    const blind = this.blindNavigations.length;
    try {
      if (fn.body.type === 'BlockStatement') this.walk(fn.body);
      else this.returned.v = this.value(fn.body);
      return this.returned.v;
    } finally {
      this.returned = outer;
      if (!now) this.later--;
      if (this.unseen > unseen) this.runsUnseenIn.add(fn);
      if (this.blindNavigations.length > blind)
        this.navigatesBlindIn.set(fn, this.blindNavigations.slice(blind));
    }
  }
}
