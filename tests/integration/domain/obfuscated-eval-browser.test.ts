import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserEngine } from '@/server/domain/inject/browser/engine';
import { HONEST, OBFUSCATORS, PAYLOADS } from '../../fixtures/inject-eval/obfuscated';
import {
  type ObfuscatedEval,
  type ObfuscatedOutcome,
  perObfuscator,
  startObfuscatedEval,
} from '../../support/obfuscated-eval';

// The whole check, browser pass included, on a subset of obfuscated-eval.test.ts's sites: each
// obfuscator with one payload (taken in turn, so every payload is run by some obfuscator) and one
// honest twin. One browser for the file, warm before the first check.
process.env.FETCH_ALLOW_PRIVATE = 'true';
process.env.INJECT_BROWSER = 'auto';

const NAMES = Object.keys(OBFUSCATORS);
const SUBSET = NAMES.flatMap((o, i) => [
  `${o}--${PAYLOADS[i % PAYLOADS.length]!.name}`,
  `${o}--${HONEST[i % HONEST.length]!.name}`,
]);

let run: ObfuscatedEval;
const outcomes = new Map<string, ObfuscatedOutcome>();

beforeAll(async () => {
  expect(await browserEngine().warm()).toBe(true);
  run = await startObfuscatedEval((all) => all.filter((s) => SUBSET.includes(s.name)));
  for (const site of run.sites) outcomes.set(site.name, await run.check(site));
  console.log(
    ['with the browser pass, per obfuscator:', ...perObfuscator([...outcomes.values()])].join('\n'),
  );
}, 900_000);
afterAll(async () => {
  await browserEngine().close();
  await run?.close();
});

describe('payloads made by real obfuscators, with the browser pass', () => {
  it.each(
    NAMES.map((o, i) => {
      const p = PAYLOADS[i % PAYLOADS.length]!;
      return [`${o}--${p.name}`, p.seenBy] as const;
    }),
  )('finds %s, with its address, for the visitors it targets (%s)', (name, seenBy) => {
    const outcome = outcomes.get(name)!;
    expect(outcome.found).toBe(true);
    expect(outcome.profiles).toContain(seenBy);
  });

  it.each(NAMES.map((o, i) => [`${o}--${HONEST[i % HONEST.length]!.name}`] as const))(
    'leaves the honest twin %s unflagged',
    (name) => {
      expect(outcomes.get(name)!.info.findings).toEqual([]);
    },
  );
});
