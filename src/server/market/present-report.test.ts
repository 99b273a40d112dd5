import { describe, expect, it } from 'vitest';
import type { ValidationReport } from '../db/schema';
import { presentReport } from './present-report';

const report = (params: Record<string, unknown>): ValidationReport =>
  ({
    ok: true,
    held: true,
    file_name: 'demo.zip',
    size: 1,
    folder: 'demo',
    entries: 2,
    uncompressed: 2,
    checks: [{ level: 'hold', key: 'scan.evalInput', params }],
  }) as ValidationReport;

describe('presentReport', () => {
  it('names the other file of a shape split over two files', () => {
    const r = presentReport(
      report({ file: 'run.php', line: 3, snippet: 'eval($x);', via: 'set.php' }),
      'en-us',
    );
    expect(r?.checks[0]).toMatchObject({ file: 'run.php', line: 3, via: 'set.php' });
  });

  it('leaves it empty for a finding within one file', () => {
    const r = presentReport(report({ file: 'run.php', line: 3, snippet: 'eval($_GET[1]);' }), 'zh-cn');
    expect(r?.checks[0]?.via).toBe('');
  });
});
