import { adminDetailPage } from '@/features/admin/pages';

const page = adminDetailPage('theme');
export const generateMetadata = page.generateMetadata;
export default page.Page;
