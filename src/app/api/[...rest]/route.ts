import { notFoundRoute } from '@/server/http/handler';

export const GET = notFoundRoute;
export const POST = notFoundRoute;
export const PUT = notFoundRoute;
export const PATCH = notFoundRoute;
export const DELETE = notFoundRoute;
export const OPTIONS = notFoundRoute;
