/**
 * Package-scan figures for `npm run bench` (issue 12 §6–7): detection and false-holds on the webshell
 * corpus, and how long one upload's scan holds the event loop, for a typical plugin and for the worst
 * package the limits allow (10 MB of hostile PHP). Run with react-server conditions (server modules).
 */
import { zipSync } from 'fflate';
import { validatePackage } from '../src/server/market/validate/package';
import { corpusZip, loadCorpus } from '../tests/fixtures/webshells/corpus';

const enc = (s: string) => new TextEncoder().encode(s);

/** CPU milliseconds (the event loop is held that long), so that a busy machine does not inflate them. */
function time<T>(run: () => T): [T, number] {
  const start = process.cpuUsage();
  const out = run();
  const used = process.cpuUsage(start);
  return [out, (used.user + used.system) / 1000];
}

/** A plugin of `files` controllers that look like real ThinkPHP code (~25 KB each). */
function typicalPlugin(files: number): Uint8Array {
  const method = (i: number) => `
    public function action${i}()
    {
        $id = input('id/d');
        $info = Db::name('vod')->where('vod_id', $id)->find();
        if (empty($info)) {
            return $this->error(lang('not_found'));
        }
        $cfg = get_addon_config('demo');
        $list = array_map('intval', explode(',', input('ids', '')));
        $cache = RUNTIME_PATH . 'demo_' . md5(json_encode($list)) . '.json';
        file_put_contents($cache, json_encode(['info' => $info, 'list' => $list]));
        $this->assign('info', $info);
        return $this->fetch('index/show${i}');
    }
`;
  const body = Array.from({ length: 40 }, (_, i) => method(i)).join('');
  const entries: Record<string, Uint8Array> = {
    'demo/Demo.php': enc('<?php\nnamespace addons\\demo;\nclass Demo extends \\think\\Addons {}\n'),
    'demo/info.ini': enc('name=demo\n'),
  };
  for (let f = 0; f < files; f++)
    entries[`demo/controller/C${f}.php`] = enc(
      `<?php\nnamespace addons\\demo\\controller;\nuse think\\Db;\nclass C${f} extends \\think\\addons\\Controller\n{${body}}\n`,
    );
  return zipSync(entries);
}

/** Five files of 2 MB of dense, hostile PHP: the scan budget's worst case. */
function hostilePlugin(): Uint8Array {
  // Numbered lines, so that the zip does not compress past the bomb ratio and get refused unread.
  const lines: string[] = [];
  for (let i = 0, size = 0; size < 1_990_000; i++) {
    const line = `$a${i} = 'x${i}' . $b[${i}]->c${i % 97}("$d{$e${i}}") ?? f($_GET[${i}], ...$h) ?: <<<E\nz {$i}\nE;\n`;
    lines.push(line);
    size += line.length;
  }
  const file = enc(`<?php ${lines.join('')}`.slice(0, 1_990_000));
  const entries: Record<string, Uint8Array> = {
    'demo/Demo.php': enc('<?php class Demo {}'),
    'demo/info.ini': enc('name=x'),
  };
  for (let f = 0; f < 5; f++) entries[`demo/h${f}.php`] = file;
  return zipSync(entries);
}

export function runScanBench() {
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
  const typical = typicalPlugin(40);
  const [, typicalMs] = time(() => validatePackage(typical, 'demo.zip', 'plugin'));
  console.log(
    `  typical plugin, 40 controllers (~1 MB of PHP, ${typical.length.toLocaleString('en-US')} bytes zipped): ${typicalMs.toFixed(0)} ms CPU`,
  );
  const hostile = hostilePlugin();
  const [report, hostileMs] = time(() => validatePackage(hostile, 'demo.zip', 'plugin'));
  console.log(
    `  worst case, 10 MB of hostile PHP (${hostile.length.toLocaleString('en-US')} bytes zipped): ${hostileMs.toFixed(0)} ms CPU, held: ${report.held}`,
  );
}

if (process.argv[1]?.endsWith('scan.ts')) runScanBench();
