import { otherMethods } from '@/server/http/methods';
import { feedbackRoute } from '@/server/market/feedback/routes';

/** Problem feedback on a plugin or a theme (multipart; the CMS admin's fields or the portal's). */
export const POST = feedbackRoute();

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
