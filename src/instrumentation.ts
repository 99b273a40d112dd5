/** Runs once when a server process starts: validate configuration, migrate, seed demo content. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startUp } = await import('./server/startup');
  await startUp();
}
