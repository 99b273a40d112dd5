import type { Limit } from './fields';
import type { Operation, RateLimit } from './operation';

/**
 * Words of the reference, by key under `apiDocs` in messages/<locale>/apidocs.json. The OpenAPI
 * document and the reference page pass their own translator, so both say the same.
 */
export type DocText = (key: string, values?: Record<string, string | number>) => string;

/** `3600` → "1 hour", `900` → "15 minutes". */
export function windowText(seconds: number, text: DocText): string {
  if (seconds % 86_400 === 0) return text('window.days', { count: seconds / 86_400 });
  if (seconds % 3_600 === 0) return text('window.hours', { count: seconds / 3_600 });
  if (seconds % 60 === 0) return text('window.minutes', { count: seconds / 60 });
  return text('window.seconds', { count: seconds });
}

/** "10 calls per 1 hour, counted per address and per `email`". */
export function rateLimitText(rule: RateLimit, text: DocText): string {
  const per = rule.per
    .map((part) =>
      part === 'ip' || part === 'user' || part === 'session'
        ? text(`per.${part}`)
        : text('per.input', { field: part.slice('input.'.length) }),
    )
    .join(text('per.and'));
  const key = rule.counts === 'failures' ? 'rateLimit.failures' : 'rateLimit.calls';
  return text(key, { limit: rule.limit, window: windowText(rule.windowSeconds, text), per });
}

/** Who may call: "Anyone (a session is read when sent)", "Administrators", "The CMS". */
export function callerText(op: Operation, text: DocText): string {
  const who = text(`caller.${op.caller}`);
  return op.session === 'optional' ? `${who} ${text('caller.sessionOptional')}` : who;
}

export function limitText(limit: Limit, text: DocText): string {
  if ('value' in limit) return text(`limit.${limit.kind}`, { value: limit.value });
  const { min, max } = limit;
  if (min !== undefined && max !== undefined)
    return min === max
      ? text(`limit.${limit.kind}Exactly`, { value: min })
      : text(`limit.${limit.kind}Between`, { min, max });
  return max !== undefined
    ? text(`limit.${limit.kind}AtMost`, { value: max })
    : text(`limit.${limit.kind}AtLeast`, { value: min ?? 0 });
}

/** An area's name in the reader's language; an area without one is shown by its id. */
export function areaText(area: string, text: DocText): string {
  const label = text(`area.${area}`);
  return !label || label.endsWith(`area.${area}`) ? area : label;
}

/** The areas in the order their first operation is declared (the registry's order). */
export function byArea<Op extends Operation>(ops: readonly Op[]): [string, Op[]][] {
  const areas = new Map<string, Op[]>();
  for (const op of ops) areas.set(op.area, [...(areas.get(op.area) ?? []), op]);
  return [...areas];
}
