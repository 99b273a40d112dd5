/**
 * Hostile-body figures for `npm run bench`: the CPU time `readPayload` spends on bodies
 * shaped to be costly (one key repeated, huge arrays and objects, deep nesting, strings of escapes,
 * a thousand multipart parts), at 1 MB and at 18 MB. Runs in its own process with the react-server
 * condition (the parser imports `server-only`); run.ts starts it.
 */

import { AppError } from '../src/server/errors';
import { readPayload } from '../src/server/http/body';

const MB = 1_000_000;

type Shape = { label: string; type: string; body: (size: number) => string };

const fill = (size: number, head: string, unit: string, tail: string) =>
  head + unit.repeat(Math.max(0, Math.floor((size - head.length - tail.length) / unit.length))) + tail;

const BOUNDARY = '----BenchBoundary7MA4YWxkTrZu0gW';
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const SHAPES: Shape[] = [
  {
    label: 'form, one key repeated',
    type: 'application/x-www-form-urlencoded',
    body: (n) => fill(n, 'a=1', '&a=1', ''),
  },
  { label: 'JSON, one array', type: 'application/json', body: (n) => fill(n, '{"a":[1', ',1', ']}') },
  {
    label: 'JSON, distinct keys',
    type: 'application/json',
    body: (n) => {
      const keys: string[] = [];
      for (let i = 0, size = 2; size < n; i++) size += keys[keys.push(`"k${i}":1`) - 1]!.length + 1;
      return `{${keys.join(',')}}`;
    },
  },
  { label: 'JSON, nested arrays', type: 'application/json', body: (n) => fill(n, '', '[', '') },
  {
    label: 'JSON, one string of \\" escapes',
    type: 'application/json',
    body: (n) => fill(n, '{"a":"', '\\"', '"}'),
  },
  {
    label: 'JSON, 1,000 fields of escapes',
    type: 'application/json',
    body: (n) => {
      const value = '\\u0041\\"'.repeat(Math.floor(n / 1000 / 8));
      return `{${Array.from({ length: 1000 }, (_, i) => `"f${i}":"${value}"`).join(',')}}`;
    },
  },
  {
    label: 'form, 1,000 percent-encoded fields',
    type: 'application/x-www-form-urlencoded',
    body: (n) =>
      Array.from({ length: 1000 }, (_, i) => `f${i}=${'%41'.repeat(Math.floor(n / 1000 / 3))}`).join('&'),
  },
  {
    label: 'multipart, 1,000 parts',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (n) =>
      Array.from({ length: 1000 }, (_, i) => part(`f${i}`, 'x'.repeat(Math.floor(n / 1000) - 80))).join('') +
      `--${BOUNDARY}--\r\n`,
  },
];

async function measure(shape: Shape, size: number, runs: number) {
  const text = shape.body(size);
  const bytes = Buffer.from(text);
  const cpu: number[] = [];
  let outcome = '';
  for (let i = 0; i < runs; i++) {
    const request = new Request('http://localhost/api/bench', {
      method: 'POST',
      headers: { 'content-type': shape.type },
      body: bytes,
    });
    const before = process.cpuUsage();
    outcome = await readPayload(request).then(
      (p) => `read (${Object.keys(p).length} keys)`,
      (e: unknown) => (e instanceof AppError ? `${e.code}: ${e.messageKey}` : String(e)),
    );
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  return { bytes: bytes.byteLength, median: cpu[Math.floor(cpu.length / 2)]!, max: cpu.at(-1)!, outcome };
}

async function main() {
  console.log('\nHostile bodies: CPU time of readPayload per request (median and max of the runs)\n');
  const head = ['shape', 'bytes', 'CPU ms median', 'max', 'answer'];
  const rows: string[][] = [];
  for (const [size, runs] of [
    [MB, 21],
    [18 * MB, 3],
  ] as const) {
    for (const shape of SHAPES) {
      const r = await measure(shape, size, runs);
      rows.push([
        shape.label,
        r.bytes.toLocaleString('en-US'),
        r.median.toFixed(2),
        r.max.toFixed(2),
        r.outcome,
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
