import type { OutgoingHttpHeaders } from 'node:http';
import { type ChangeTag, touches } from '../../server/cache/change-bus';

export type Stored = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  tags: ChangeTag[];
  storedAt: number;
  /** What a background refresh replays: the request's method, URL, headers and body. */
  request: { method: string; url: string; headers: Record<string, string>; body?: Buffer };
};

/**
 * Anonymous answers in memory, by key, least recently used first out beyond `maxBytes`. A change
 * drops the entries of its tags, and an answer rendered while a change of its tags happened is not
 * kept (it may hold the old data).
 */
export class PageStore {
  private entries = new Map<string, Stored>();
  private bytes = 0;
  private epoch = 0;
  private changedAt = new Map<ChangeTag, number>();

  constructor(private readonly maxBytes: number) {}

  get(key: string): Stored | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** A mark to pass to `set`: changes after it make the answer too old to keep. */
  mark(): number {
    return this.epoch;
  }

  set(key: string, entry: Stored, mark: number): boolean {
    const changed = [...this.changedAt].some(([tag, at]) => at > mark && touches([tag], entry.tags));
    if (changed) return false;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.body.length;
    }
    return true;
  }

  invalidate(tags: readonly ChangeTag[]) {
    this.epoch += 1;
    for (const tag of tags) this.changedAt.set(tag, this.epoch);
    for (const [key, entry] of this.entries) if (touches(tags, entry.tags)) this.delete(key);
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }

  get size() {
    return this.entries.size;
  }
}
