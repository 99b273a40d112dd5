import { itemPage } from '@/features/store/pages';

// Rendered on first request (no database at build time), then served from the page cache; a release
// refreshes it at once on this node, other nodes within a minute.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

const page = itemPage('plugin');
export const generateMetadata = page.generateMetadata;
export default page.Page;
