/**
 * Multi-pattern literal search over UTF-16 code units, linear in the text whatever the alphabet
 * (CJK text has thousands of distinct units: transitions live in one Map per state, failure links
 * are followed at most as often as characters were consumed, and each state's outputs are
 * reached through a dictionary-suffix link instead of being copied).
 */
export class AhoCorasick {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** The pattern that ends exactly at a state, or -1. */
  private readonly terminal: number[] = [-1];
  /** The nearest state on the failure chain that ends a pattern (0 = none). */
  private readonly dict: number[] = [0];
  private readonly lengths: number[];

  constructor(patterns: readonly string[]) {
    this.lengths = patterns.map((p) => p.length);
    for (const [id, pattern] of patterns.entries()) this.insert(pattern, id);
    this.link();
  }

  private insert(pattern: string, id: number) {
    if (!pattern) return;
    let state = 0;
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern.charCodeAt(i);
      let to = this.next[state]!.get(c);
      if (to === undefined) {
        to = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.terminal.push(-1);
        this.dict.push(0);
        this.next[state]!.set(c, to);
      }
      state = to;
    }
    // Duplicate patterns share a state; the first id stands for them (callers dedupe literals).
    if (this.terminal[state] === -1) this.terminal[state] = id;
  }

  private link() {
    const queue: number[] = [];
    for (const to of this.next[0]!.values()) queue.push(to);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const [c, to] of this.next[state]!) {
        let f = this.fail[state]!;
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!;
        const target = this.next[f]!.get(c);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        const fl = this.fail[to]!;
        this.dict[to] = this.terminal[fl] !== -1 ? fl : this.dict[fl]!;
        queue.push(to);
      }
    }
  }

  /**
   * Calls `onMatch(patternId, start)` for every occurrence; stop early by returning true.
   */
  search(text: string, onMatch: (id: number, start: number) => unknown) {
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let to = this.next[state]!.get(c);
      while (to === undefined && state !== 0) {
        state = this.fail[state]!;
        to = this.next[state]!.get(c);
      }
      state = to ?? 0;
      for (let s = this.terminal[state] !== -1 ? state : this.dict[state]!; s !== 0; s = this.dict[s]!) {
        const id = this.terminal[s]!;
        if (onMatch(id, i + 1 - this.lengths[id]!) === true) return;
      }
    }
  }
}
