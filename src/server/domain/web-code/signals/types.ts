import 'server-only';
/**
 * One reason a load, link block or file looks injected. `id` names a message
 * (`domain.signal.<id>`), `params` fill it in; `weight` adds up to the finding's severity.
 */
export type Signal = { id: string; weight: number; params?: Record<string, string> };

/** A score of at least this is a finding: medium from here, high from `HIGH_AT`. */
export const FINDING_AT = 4;
export const HIGH_AT = 6;

export const scoreOf = (signals: readonly Signal[]) => signals.reduce((sum, s) => sum + s.weight, 0);

export function severityOf(score: number): 'high' | 'medium' | null {
  if (score >= HIGH_AT) return 'high';
  return score >= FINDING_AT ? 'medium' : null;
}
