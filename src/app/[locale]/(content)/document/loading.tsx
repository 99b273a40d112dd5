// Docs and help render per request: show the overlay while one loads. The blog list has none, so
// a page past the last one can still answer HTTP 404 before anything is streamed.
import { LoadingOverlay } from '@/features/layout/LoadingOverlay';

export default function Loading() {
  return <LoadingOverlay />;
}
