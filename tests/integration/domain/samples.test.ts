import { describe, expect, it } from 'vitest';
import { POST as sampleList } from '@/app/dapi/[product]/sample_list/route';
import { POST as review } from '@/app/dapi/[product]/sample_review/route';
import { POST as submit } from '@/app/dapi/[product]/submit_site_inject/route';
import { DOMAIN_RATE_LIMITS, type SampleView } from '@/contract/domain';
import { setAdmin } from '@/server/accounts/users';
import { loadSignatureSet } from '@/server/domain/signatures/active-set';
import { callApi, randomIp } from '../../support/api';
import { withProduct } from '../../support/domain';
import { registerUser } from '../../support/factories';

const pro = (route: Parameters<typeof withProduct>[0]) => withProduct(route, 'maccmspro');
const send = (json: object, ip?: string) => callApi<{ id: number }>(pro(submit), { json, lang: 'en-us', ip });

async function admin() {
  const user = await registerUser();
  await setAdmin(user.email, true);
  return user;
}

describe('feature samples', () => {
  it('never promotes a bare attack host: a page that only mentions it is in the clean corpus', async () => {
    const boss = await admin();
    const host = await send({ domain: 'z.example.com', content: 'cdnjs.clondflare.com' });
    const list = await callApi<{ list: SampleView[] }>(pro(sampleList), { json: {}, token: boss.token });
    expect(list.info.list.find((s) => s.id === host.info.id)!.corpus_hits).toEqual([
      'blog/security-notice.html',
    ]);
    const refused = await callApi(pro(review), {
      json: { id: host.info.id, action: 'accept' },
      token: boss.token,
      lang: 'zh-cn',
    });
    expect(refused.code).toBe(0);
    expect(refused.msg).toContain('blog/security-notice.html');
  });

  it('lists pending samples before reviewed ones, newest first', async () => {
    const boss = await admin();
    const older = await send({ domain: 'p1.example.com', content: 'var __pending_one_marker=1' });
    const reviewed = await send({ domain: 'p2.example.com', content: 'var __reviewed_marker=1' });
    await callApi(pro(review), { json: { id: reviewed.info.id, action: 'reject' }, token: boss.token });
    const newer = await send({ domain: 'p3.example.com', content: 'var __pending_two_marker=1' });
    const ids = (
      await callApi<{ list: SampleView[] }>(pro(sampleList), { json: {}, token: boss.token })
    ).info.list
      .filter((s) => [older.info.id, reviewed.info.id, newer.info.id].includes(s.id))
      .map((s) => s.id);
    expect(ids).toEqual([newer.info.id, older.info.id, reviewed.info.id]);
  });

  it('stores a sample from anyone and answers "Submitted successfully"', async () => {
    const res = await send({
      domain: 'http://bad.example.com',
      content: 'var _0xabc=["\\x63\\x72"];union.evil',
    });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Submitted successfully');
    expect(res.info.id).toBeGreaterThan(0);
  });

  it(`takes ${DOMAIN_RATE_LIMITS.samplePerClient.limit} samples an hour from one client, counting down in RateLimit headers`, async () => {
    const { limit } = DOMAIN_RATE_LIMITS.samplePerClient;
    const ip = randomIp();
    for (let i = 1; i <= limit; i++) {
      const res = await send({ domain: 'rl.example.com', content: `var __rate_marker_${i}=1` }, ip);
      expect(res.code).toBe(1);
      expect(res.response.headers.get('ratelimit-remaining')).toBe(String(limit - i));
    }
    const refused = await send({ domain: 'rl.example.com', content: 'var __rate_marker_x=1' }, ip);
    expect(refused.status).toBe(429);
    expect(refused.msg).toMatch(/too many|try again/i);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send({ domain: 'rl.example.com', content: 'var __rate_marker_y=1' })).code).toBe(1);
  });

  it('answers 404 under the product without "pro"', async () => {
    const res = await callApi(withProduct(submit, 'maccms'), { json: { domain: 'a.com', content: 'xxxx' } });
    expect(res.status).toBe(404);
  });

  it('requires both fields and at most 500 characters', async () => {
    expect((await send({ domain: '', content: 'x' })).code).toBe(0);
    expect((await send({ domain: 'a.com', content: '' })).code).toBe(0);
    expect((await send({ domain: 'a.com', content: 'x'.repeat(501) })).code).toBe(0);
    expect((await send({ domain: 'not a domain', content: 'xxx' })).msg).toBe(
      'The input address is incorrect and cannot be detected',
    );
  });

  it('lets only administrators review', async () => {
    const dev = await registerUser();
    expect((await callApi(pro(review), { json: { id: 1, action: 'accept' } })).status).toBe(401);
    expect((await callApi(pro(review), { json: { id: 1, action: 'accept' }, token: dev.token })).status).toBe(
      403,
    );
    expect((await callApi(pro(sampleList), { json: {}, token: dev.token })).status).toBe(403);
  });

  it('refuses a sample that matches the clean corpus, promotes a clean one into the signature set', async () => {
    const boss = await admin();
    const noisy = await send({ domain: 'x.example.com', content: 'document.createElement' });
    const good = await send({ domain: 'y.example.com', content: 'window.__x9_loader_key' });
    const list = await callApi<{ list: SampleView[] }>(pro(sampleList), { json: {}, token: boss.token });
    const noisyView = list.info.list.find((s) => s.id === noisy.info.id)!;
    expect(noisyView.corpus_hits.length).toBeGreaterThan(0);
    const refused = await callApi(pro(review), {
      json: { id: noisy.info.id, action: 'accept' },
      token: boss.token,
      lang: 'en-us',
    });
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/matches clean pages/);
    const accepted = await callApi(pro(review), {
      json: { id: good.info.id, action: 'accept', severity: 'medium' },
      token: boss.token,
    });
    expect(accepted.code).toBe(1);
    const set = await loadSignatureSet();
    const hits = set.scan('<script>window.__X9_loader_key=1</script>', 'html');
    expect(hits.map((m) => m.signature.id)).toEqual([expect.stringMatching(/^sample\.\d+$/)]);
    expect(hits[0]!.signature.severity).toBe('medium');
    const again = await callApi(pro(review), {
      json: { id: good.info.id, action: 'reject' },
      token: boss.token,
    });
    expect(again.code).toBe(0);
  });
});
