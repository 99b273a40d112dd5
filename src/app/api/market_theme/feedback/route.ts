import { otherMethods } from '@/server/http/methods';
import { feedbackRoute } from '@/server/market/feedback/routes';

/** Problem feedback on a theme. */
export const POST = feedbackRoute('theme');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
