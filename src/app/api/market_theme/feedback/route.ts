import { feedbackRoute } from '@/server/market/feedback/routes';

/** Problem feedback on a theme. */
export const POST = feedbackRoute('theme');
