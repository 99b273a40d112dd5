/**
 * Package-scan figures for `npm run bench`: detection and false-holds on the webshell
 * corpus, and for a typical plugin and the worst package the limits allow (10 MB of hostile PHP) the
 * scan's CPU time and how long the event loop stands still while an upload's scan runs on the check
 * thread. Run with react-server conditions (server modules).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { checkPackageOffLoop } from '../src/server/market/validate/check-off-loop';
import { validatePackage } from '../src/server/market/validate/package';
import { hostilePlugin, linkedPlugin, scriptedTheme, typicalPlugin } from '../tests/fixtures/packages/large';
import { corpusZip, loadCorpus } from '../tests/fixtures/webshells/corpus';

/** CPU milliseconds (of the process: run it while the check thread idles), so that a busy machine does not inflate them. */
function time<T>(run: () => T): [T, number] {
  const start = process.cpuUsage();
  const out = run();
  const used = process.cpuUsage(start);
  return [out, (used.user + used.system) / 1000];
}

/** The longest the event loop stood still (ms) while `run` was awaited. */
async function longestPause<T>(run: () => Promise<T>): Promise<[T, number]> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const out = await run();
  delay.disable();
  return [out, delay.max / 1e6];
}

export async function runScanBench() {
  const corpus = loadCorpus();
  let caught = 0;
  let falseHolds = 0;
  const [, corpusMs] = time(() => {
    for (const item of corpus) {
      const r = validatePackage(corpusZip(item), 'demo.zip', item.kind);
      const stopped = r.held || r.checks.some((c) => c.level === 'fail');
      if (item.held && stopped) caught++;
      if (!item.held && stopped) falseHolds++;
    }
  });
  const held = corpus.filter((i) => i.held).length;
  const clean = corpus.length - held;
  console.log('\npackage scan');
  console.log(
    `  corpus: ${caught}/${held} shapes held, ${falseHolds}/${clean} clean look-alikes held (${corpusMs.toFixed(0)} ms CPU for ${corpus.length} packages)`,
  );
  // Uploads run the check on its own thread (check-off-loop.ts); the event loop should not notice.
  await checkPackageOffLoop(typicalPlugin(1), 'demo.zip', 'plugin'); // starts the thread
  for (const [name, zip, kind] of [
    ['typical plugin, 40 controllers (~1 MB of PHP', typicalPlugin(40), 'plugin'],
    ['worst case (10 MB of hostile PHP', hostilePlugin(), 'plugin'],
    ['cross-file worst case (2.4 MB read twice', linkedPlugin(), 'plugin'],
    ['theme with all the browser code read (6 MB of scripts', scriptedTheme(), 'theme'],
  ] as const) {
    const [report, cpuMs] = time(() => validatePackage(zip, 'demo.zip', kind));
    const [, pauseMs] = await longestPause(() => checkPackageOffLoop(zip, 'demo.zip', kind));
    console.log(
      `  ${name}, ${zip.length.toLocaleString('en-US')} bytes zipped): ${cpuMs.toFixed(0)} ms CPU, held: ${report.held};` +
        ` on the check thread the event loop's longest pause was ${pauseMs.toFixed(0)} ms (${(pauseMs / cpuMs).toFixed(3)}× the scan)`,
    );
  }
}

if (process.argv[1]?.endsWith('scan.ts')) void runScanBench();
