import { adminDetailPage } from '@/features/admin/pages';

const page = adminDetailPage('plugin');
export const generateMetadata = page.generateMetadata;
export default page.Page;
