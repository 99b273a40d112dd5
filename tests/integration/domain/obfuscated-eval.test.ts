import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEST, OBFUSCATORS, PAYLOADS, staticFinds } from '../../fixtures/inject-eval/obfuscated';
import {
  type ObfuscatedEval,
  type ObfuscatedOutcome,
  perObfuscator,
  startObfuscatedEval,
} from '../../support/obfuscated-eval';

// The static pass alone (INJECT_BROWSER is off for test files), on every payload through every
// obfuscator; the browser pass has its own file (obfuscated-eval-browser.test.ts), on a subset.
// The sites live on 127.0.0.1 and 127.0.0.2: private targets are allowed for this file only.
process.env.FETCH_ALLOW_PRIVATE = 'true';

let run: ObfuscatedEval;
const outcomes = new Map<string, ObfuscatedOutcome>();

beforeAll(async () => {
  run = await startObfuscatedEval();
  for (const site of run.sites) outcomes.set(site.name, await run.check(site));
  console.log(['static pass, per obfuscator:', ...perObfuscator([...outcomes.values()])].join('\n'));
}, 400_000);
afterAll(() => run?.close());

describe('payloads made by real obfuscators, read by the static pass', () => {
  it('are real: each obfuscated payload does what its plain source does', async () => {
    const source = `out.push('<a href="https://www.amjs8888.com/?a=1&b=2">澳门金沙</a> \\\\ "q"', typeof navigator);`;
    const effect = (code: string) => {
      const sandbox = { out: [] as unknown[], navigator: {} };
      vm.runInNewContext(code, sandbox);
      return sandbox.out;
    };
    for (const [name, obfuscate] of Object.entries(OBFUSCATORS)) {
      // javascript-obfuscator's high preset defends itself against anything but a browser: its own
      // tests run it there (obfuscated-eval-browser.test.ts).
      if (name === 'obfuscator-high') continue;
      const code = await obfuscate(source);
      expect({ name, effect: effect(code) }).toEqual({ name, effect: effect(source) });
    }
  });

  it.each(
    Object.keys(OBFUSCATORS).flatMap((o) =>
      PAYLOADS.filter((p) => staticFinds(p.name)).map((p) => [`${o}--${p.name}`, p.seenBy] as const),
    ),
  )('finds %s, with its address, for the visitors it targets (%s)', (name, seenBy) => {
    const outcome = outcomes.get(name)!;
    expect(outcome.found).toBe(true);
    expect(outcome.profiles).toContain(seenBy);
  });

  it.each(Object.keys(OBFUSCATORS).flatMap((o) => HONEST.map((p) => [`${o}--${p.name}`] as const)))(
    'leaves the honest twin %s unflagged',
    (name) => {
      expect(outcomes.get(name)!.info.findings).toEqual([]);
    },
  );
});
