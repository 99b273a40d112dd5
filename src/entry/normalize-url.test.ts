import { describe, expect, it } from 'vitest';
import { normalizeMachineUrl } from './normalize-url';

describe('machine-client URLs', () => {
  it.each([
    ['//api/market/center', '/api/market/center'],
    ['/api//market_plugins/detail', '/api/market_plugins/detail'],
    ['/resource-api/provide/vod/?ac=list&t=1', '/resource-api/provide/vod?ac=list&t=1'],
    ['//resource-api/provide/vod/at/xml/?ac=list', '/resource-api/provide/vod/at/xml?ac=list'],
    ['/yapi/maccms/isfake/', '/yapi/maccms/isfake'],
    ['/api/x?next=//evil.example/', '/api/x?next=//evil.example/'],
  ])('answers %s where it is called (%s)', (input, output) => {
    expect(normalizeMachineUrl(input)).toBe(output);
  });

  it.each(['/market/', '//market', '/', '/_next/static/x.js', '/apix/y/'])(
    'leaves page %s to Next',
    (url) => {
      expect(normalizeMachineUrl(url)).toBe(url);
    },
  );
});
