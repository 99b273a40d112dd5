import { adminListPage } from '@/features/admin/pages';

const page = adminListPage('theme');
export const generateMetadata = page.generateMetadata;
export default page.Page;
