import 'server-only';
import { compareVersions, type VulnRecord } from '@/contract/domain-version';

export { compareVersions };

const lineOf = (version: string): VulnRecord['line'] => (Number(version.split('.')[0]) < 1000 ? 'v8' : 'v10');

const affects = (r: VulnRecord, v: string) =>
  compareVersions(v, r.introduced) >= 0 &&
  (r.fixed === null || compareVersions(v, r.fixed) < 0) &&
  (r.last_affected === null || compareVersions(v, r.last_affected) <= 0);

/**
 * "affected" when both ends of the estimated range are affected, "possibly_affected" when the
 * range straddles the affected range; null otherwise.
 */
export function matchRange(r: VulnRecord, from: string, to: string): 'affected' | 'possibly_affected' | null {
  if (r.line !== lineOf(from)) return null;
  const lo = affects(r, from);
  const hi = affects(r, to);
  if (lo && hi) return 'affected';
  if (lo || hi) return 'possibly_affected';
  const inside = compareVersions(r.introduced, from) >= 0 && compareVersions(r.introduced, to) <= 0;
  return inside ? 'possibly_affected' : null;
}
