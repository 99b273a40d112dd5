/**
 * App Router navigations announce their start only to src/instrumentation-client.ts; it passes them on
 * as this window event (the URL being opened) for the loading bar.
 */
export const NAVIGATION_START = 'portal:navigation-start';

export function announceNavigation(url: string) {
  window.dispatchEvent(new CustomEvent<string>(NAVIGATION_START, { detail: url }));
}
