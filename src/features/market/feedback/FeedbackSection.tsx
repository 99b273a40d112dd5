import { feedbackListSchema } from '@/contract/feedback';
import { isAdmin, type UserRow } from '@/server/accounts/present';
import { feedbackList } from '@/server/market/feedback/list';
import { FEEDBACK_PAGE_SIZE, FeedbackList } from './FeedbackList';

/** The developer centre's feedback section: the first page rendered on the server, the rest on the client. */
export async function FeedbackSection({ user }: { user: UserRow }) {
  const first = await feedbackList({ user, input: feedbackListSchema.parse({ limit: FEEDBACK_PAGE_SIZE }) });
  return <FeedbackList initial={first} admin={isAdmin(user)} />;
}
