import { knownImport } from '@/contract/api/review';
import { serve } from '@/server/http/serve';
import { importKnown } from '@/server/market/review/api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(knownImport, importKnown);
