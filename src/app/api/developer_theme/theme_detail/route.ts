import { detailRoute } from '@/server/market/routes';

export const POST = detailRoute('theme');
