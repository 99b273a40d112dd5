import 'server-only';
import type { Job } from './scheduler';

/** Every scheduled job of the portal; an area adds its jobs here (one line each). */
export const JOBS: Job[] = [];
