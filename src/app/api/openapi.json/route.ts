import { otherMethods } from '@/server/http/methods';
import { serveOpenApi } from '@/server/ops/openapi';

/** This API as an OpenAPI 3.1 document, generated from the operation registry. */
export const GET = serveOpenApi;

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
