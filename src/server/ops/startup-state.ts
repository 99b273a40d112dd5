import 'server-only';

/**
 * Where this process's start-up stands (migrations, demo seed, jobs). Kept on globalThis: Next loads
 * instrumentation and route handlers as separate bundles, which must see the same state.
 */
export type StartupState = { phase: 'starting' | 'ready'; since: Date; attempts: number; lastError: string };

const holder = globalThis as unknown as { __portalStartup?: StartupState };

export function startupState(): StartupState {
  holder.__portalStartup ??= { phase: 'starting', since: new Date(), attempts: 0, lastError: '' };
  return holder.__portalStartup;
}
