import { beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as center } from '@/app/api/developer/center/route';
import { POST as feedbackList } from '@/app/api/developer/feedback_list/route';
import type { FeedbackRow } from '@/contract/feedback';
import { type Registered, registerUser } from '../../support/factories';
import { cmsFields, releasedItem, sendFeedback } from './feedback-support';
import { callApi, registerAdmin } from './support';

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

type Page = { list: FeedbackRow[]; count: number; unread: number };

let dev: Registered;
beforeAll(async () => {
  dev = await registerUser();
  const admin = await registerAdmin();
  const plugin = await releasedItem(dev, admin, 'plugin', 'Centre plugin');
  for (const content of ['First report', 'Second report']) {
    const res = await sendFeedback(cmsFields(plugin, { content }));
    if (res.code !== 1) throw new Error(res.msg);
  }
});

describe('/api/developer/center feedback', () => {
  it('answers the first page of problem feedback as feedback_list does', async () => {
    const res = await callApi<{ feedback: Page }>(center, { json: {}, token: dev.token });
    expect(res.code).toBe(1);
    expect(res.info.feedback.count).toBe(2);
    expect(res.info.feedback.unread).toBe(2);
    expect(res.info.feedback.list.map((f) => f.content)).toEqual(['Second report', 'First report']);
    expect(res.info.feedback.list[0]).toMatchObject({
      name: 'Centre plugin',
      type: 'plugin',
      version: '1.0.0',
    });
    const list = await callApi<Page>(feedbackList, { json: {}, token: dev.token });
    expect(res.info.feedback).toEqual(list.info);
  });

  it('is an empty page for a developer without feedback', async () => {
    const other = await registerUser();
    const res = await callApi<{ feedback: Page }>(center, { json: {}, token: other.token });
    expect(res.info.feedback).toMatchObject({ list: [], count: 0, unread: 0 });
  });
});
