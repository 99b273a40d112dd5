import { itemPage } from '@/features/store/pages';

// Rendered per request (the header reads the session); anonymous visitors get it from the server's
// page cache (src/entry/page-cache), which a release clears on every node at once.

const page = itemPage('plugin');
export const generateMetadata = page.generateMetadata;
export default page.Page;
