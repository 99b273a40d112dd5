import 'server-only';
import type { ListInput } from '@/contract/market';

/**
 * feedback_list: problem feedback on the developer's items. Feedback is collected by the public
 * market (issue 4), which owns its table; until it lands there is none to list.
 */
export async function feedbackList(_args: { userId: number; input: ListInput }) {
  return { list: [] as unknown[], count: 0 };
}
