import { adminListPage } from '@/features/admin/pages';

const page = adminListPage('plugin');
export const generateMetadata = page.generateMetadata;
export default page.Page;
