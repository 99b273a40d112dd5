import { listPage } from '@/features/store/pages';

export const dynamic = 'force-dynamic';

const page = listPage('plugin');
export const generateMetadata = page.generateMetadata;
export default page.Page;
