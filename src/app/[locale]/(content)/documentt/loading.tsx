import { LoadingOverlay } from '@/features/layout/LoadingOverlay';

export default function Loading() {
  return <LoadingOverlay />;
}
