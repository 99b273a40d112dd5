import { announceNavigation } from '@/features/layout/navigation-start';

export function onRouterTransitionStart(url: string) {
  announceNavigation(url);
}
