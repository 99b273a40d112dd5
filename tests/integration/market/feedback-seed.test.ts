import { describe, expect, it, vi } from 'vitest';
import { POST as feedbackList } from '@/app/api/developer/feedback_list/route';
import { POST as login } from '@/app/api/user/login/route';
import type { FeedbackRow } from '@/contract/feedback';
import { seedDemo } from '@/server/seed/demo';
import { DEMO_ITEMS } from '@/server/seed/market-items';
import { feedbackRows } from './feedback-support';
import { callApi } from './support';

/** The demo plugin the reports concern, in its current (last released) version. */
const DANMAKU_CURRENT = DEMO_ITEMS.find((i) => i.folder === 'danmaku')?.versions?.at(-1);

vi.mock('@/server/storage', async () => ({ storage: (await import('./test-storage')).testStorage }));

describe('demo feedback', () => {
  it('greets the demo developer with two reports, seeded once', async () => {
    await seedDemo();
    await seedDemo();
    expect(await feedbackRows()).toBe(2);
    const session = await callApi<{ token: string }>(login, {
      json: { email: 'developer@example.com', password: 'dev12345' },
    });
    const res = await callApi<{ list: FeedbackRow[]; unread: number }>(feedbackList, {
      json: {},
      token: session.info.token,
    });
    expect(res.info.unread).toBe(2);
    expect(res.info.list[0]).toMatchObject({ type: 'plugin', version: DANMAKU_CURRENT, is_read: false });
    expect(res.info.list[0]!.videos[0]).toMatchObject({ mime: 'video/mp4', playable: true });
  });
});
