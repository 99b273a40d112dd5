import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OPERATIONS } from './index';
import type { Operation } from './operation';

/**
 * The CMS admin's app market reads fields the portal must keep (docs/cms-contract.md, section 1).
 * This reads the calls and fields from that document itself, so a field the CMS reads can vanish
 * neither from the output schemas nor, through serve()'s output check, from the answers.
 */
const CONTRACT = join(__dirname, '../../../docs/cms-contract.md');

type Call = { paths: string[]; reads: string[] };

/** Section 1 only: the table of calls and the sentences that list the fields of list items and details. */
function cmsMarket(text: string) {
  const section = text.split(/^## /m).find((s) => s.startsWith('1.'));
  if (!section) throw new Error('docs/cms-contract.md has no section 1');
  const calls: Call[] = section
    .split('\n')
    .filter((line) => /^\| `(GET|POST) /.test(line))
    .map((line) => {
      const [call = '', , read = ''] = line.split('|').slice(1);
      return {
        paths: [...call.matchAll(/`(?:GET|POST) (\/[^`\s]+)`/g)].map((m) => m[1]!),
        reads: [...read.matchAll(/`info\.([a-z_]+)/g)].map((m) => m[1]!),
      };
    });
  const fieldsAfter = (lead: string) => {
    const start = section.indexOf(lead);
    if (start < 0) throw new Error(`docs/cms-contract.md section 1 no longer says "${lead}"`);
    const paragraph = section.slice(start + lead.length).split('\n\n')[0]!;
    return [...paragraph.matchAll(/`([a-z][a-z0-9_]*)`/g)].map((m) => m[1]!);
  };
  return {
    calls,
    listItem: fieldsAfter('Of each list item (`info.list[]`) the CMS reads:'),
    detail: fieldsAfter('Of `info.detail` the CMS reads:'),
  };
}

const cms = cmsMarket(readFileSync(CONTRACT, 'utf8'));
const opAt = (path: string) => OPERATIONS.find((op) => op.path === path);

/** The object schema of a field of `info` (an array's items for `list`), and whether it may be absent. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  if (schema instanceof z.ZodArray) return shapeOf(schema.element as z.ZodType);
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  throw new Error(`not an object schema: ${schema.constructor.name}`);
}
const required = (schema: z.ZodType) => !schema.safeParse(undefined).success;

function expectFields(schema: z.ZodType, fields: string[], where: string) {
  const shape = shapeOf(schema);
  for (const field of fields) {
    expect(shape[field], `${where}.${field} is declared`).toBeDefined();
    expect(required(shape[field]!), `${where}.${field} may not be left out`).toBe(true);
  }
}

describe('the market operations against section 1 of docs/cms-contract.md', () => {
  it('finds every CMS call of the table, with the fields it reads', () => {
    // Guards the parsing itself: the table and paragraphs this test relies on are still there.
    const paths = cms.calls.flatMap((c) => c.paths);
    expect(paths).toContain('/api/market/center');
    expect(paths).toContain('/api/market_theme/theme_download');
    expect(cms.calls.find((c) => c.paths.includes('/api/market/center'))?.reads).toEqual([
      'list',
      'search_count',
    ]);
    expect(cms.listItem).toEqual(expect.arrayContaining(['id', 'name', 'pc_image', 'h5_preview']));
    expect(cms.detail).toEqual(expect.arrayContaining(['id', 'user_domain', 'toll', 'source', 'tel']));
  });

  it('declares each of those calls as a CMS call taking POST', () => {
    for (const path of cms.calls.flatMap((c) => c.paths)) {
      const op = opAt(path);
      expect(op, path).toBeDefined();
      expect(op!.caller, path).toBe('cms');
      expect(op!.methods, path).toContain('POST');
    }
  });

  it('declares every field of info the CMS reads, none of them optional', () => {
    for (const call of cms.calls)
      for (const path of call.paths) expectFields(opAt(path)!.output, call.reads, `${path} info`);
  });

  it('declares every field the CMS reads of a list item and of a detail', () => {
    const [center] = cms.calls.filter((c) => c.reads.includes('list')).flatMap((c) => c.paths);
    const list = shapeOf(opAt(center!)!.output).list!;
    expectFields(list, cms.listItem, `${center} info.list[]`);
    const detailPaths = cms.calls.filter((c) => c.reads.includes('detail')).flatMap((c) => c.paths);
    expect(detailPaths).toHaveLength(2);
    for (const path of detailPaths) {
      const shape = shapeOf(opAt(path)!.output);
      expectFields(shape.detail!, cms.detail, `${path} info.detail`);
      // An array of version strings, oldest first (the CMS shows the last one).
      expect(shape.version_history!.safeParse(['1.0.0', '1.1.0']).success).toBe(true);
      expect(shape.version_history!.safeParse([{ version: '1.0.0' }]).success, path).toBe(false);
    }
  });

  it('refuses an answer that lost a field the CMS reads', () => {
    const center = opAt('/api/market/center') as Operation;
    expect(center.output.safeParse({ list: [], search_count: 0 }).success).toBe(true);
    expect(center.output.safeParse({ list: [] }).success).toBe(false);
    const download = opAt('/api/market_plugins/plugins_download') as Operation;
    const answer = {
      id: 1,
      source: 'https://x.test/a.zip',
      file_name: 'a.zip',
      version: '1.0',
      download_num: 1,
    };
    expect(download.output.safeParse(answer).success).toBe(true);
    const { file_name: _, ...lost } = answer;
    expect(download.output.safeParse(lost).success).toBe(false);
  });

  it('keeps the empty detail shape a failed detail call answers (the CMS counts version_history)', () => {
    for (const path of ['/api/market_plugins/detail', '/api/market_theme/detail'])
      expect(opAt(path)!.failureInfo, path).toEqual({ detail: {}, version_history: [] });
  });
});
