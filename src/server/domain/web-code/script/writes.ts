/** What a script writes into the page or makes the browser load, as the reader records it. */
import 'server-only';
import type { CallExpression, NewExpression } from 'acorn';
import type { LoadHow } from '../html/load-kinds';
import { messageNavigation } from './events';
import type { ExpressionReader } from './expression-reader';
import { FETCHED, text, UNKNOWN, union, type Val } from './values';

/** A node's place in the code, as the effects of a script record it. */
export const at = (node: { start: number; end: number }) => ({ start: node.start, end: node.end });

/** `'<scr' + 'ipt'`, `'<ifr' + 'ame'`: an opening tag cut in two so that filters do not see it. */
const SPLIT_TAG = /<\s*(?:s|sc|scr|scri|scrip|i|if|ifr|ifra|ifram)\s*['"`]\s*\+\s*['"`]\s*[a-z]/i;

/** Markup a script writes (read again as HTML), and whether it was written with a tag cut in two. */
export function markup(
  r: ExpressionReader,
  v: Val,
  node: CallExpression | NewExpression,
  dec: string[] = [],
  /** document.write and jQuery's insertion run the scripts in the markup. */
  runsScripts = false,
) {
  const t = text(v);
  // `document.write(e.data)`, `$(…).html(e.data)` in a `message` listener: code another window sent;
  // `$(…).append(answer)` of fetched markup: its scripts run.
  const sent = t.s.replaceAll(UNKNOWN, '') === '' && r.inMessage.length > 0;
  if (runsScripts && (sent || t.dec.includes(FETCHED))) r.runsUnseen(v);
  if (t.s === UNKNOWN || !t.s.includes('<')) return;
  const split = SPLIT_TAG.test(r.slice(node.start, node.end)) ? ['splitTag'] : [];
  r.facts.markup.push({
    html: t.s,
    dec: union(t.dec, dec, split),
    gates: r.currentGates,
    deferred: r.deferred,
    ...at(node),
  });
}

/** Records what `v` addresses; `into`: the loads, or the addresses fetched as data (`fetched`). */
export function load(
  r: ExpressionReader,
  v: Val,
  kind: 'script' | 'navigate' | 'beacon' | 'clipboard',
  how: LoadHow,
  node: { start: number; end: number },
  dec: string[] = [],
  into = r.facts.loads,
) {
  const t = text(v);
  if (kind === 'navigate') messageNavigation(r, t.s, node);
  if (t.s === UNKNOWN) return;
  into.push({
    url: t.s,
    kind,
    how,
    dec: union(t.dec, dec),
    gates: r.currentGates,
    deferred: r.deferred,
    ...at(node),
  });
}
