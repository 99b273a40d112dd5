import { type DocsProps, docsMetadata, renderDocs } from '@/features/content/docs/docsRoute';

// The menu, sub-item and search live in the query; pages render from Markdown cached in memory.
export const dynamic = 'force-dynamic';

export const generateMetadata = docsMetadata;

export default function DocumenttPage(props: DocsProps) {
  return renderDocs('/documentt', props);
}
