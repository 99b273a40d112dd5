import { unknownPaths } from '@/server/http/handler';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownPaths();
