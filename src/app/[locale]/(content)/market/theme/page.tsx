import { listPage } from '@/features/store/pages';

export const dynamic = 'force-dynamic';

const page = listPage('theme');
export const generateMetadata = page.generateMetadata;
export default page.Page;
