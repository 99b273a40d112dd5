import { developerHowToBuy } from '@/contract/api/developer';
import { serve } from '@/server/http/serve';
import { howToBuy } from '@/server/market/developer-api';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(developerHowToBuy, howToBuy);
