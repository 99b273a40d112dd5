import { describe, expect, it } from 'vitest';
import { routeLabel } from './route-label';

describe('route labels for the metrics', () => {
  it.each([
    ['/market/plug/42', 200, '/market/plug/:id'],
    ['/en-us/market/plug/42', 200, '/market/plug/:id'],
    ['/api/market/center', 200, '/api/market/center'],
    ['/api/developer/file/market/pkg/1f/x.zip', 200, '/api/developer/file/*'],
    ['/yapi/maccms/isfake', 200, '/yapi/:product/isfake'],
    ['/resource-api/provide/vod/at/xml', 200, '/resource-api/provide/vod/*'],
    ['/_next/static/chunks/abc.js', 200, '/_next/*'],
    ['/api/no/such/thing/at/all', 404, 'unmatched'],
    ['/', 200, '/'],
  ])('%s (%i) → %s', (path, status, label) => {
    expect(routeLabel(path, status)).toBe(label);
  });
});
