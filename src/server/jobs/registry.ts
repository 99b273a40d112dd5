import 'server-only';
import { domainRecheckJob } from '../domain/recheck-job';
import { marketMaintenanceJob } from '../market/maintenance-job';
import { collectJob } from '../resource/collect-job';
import type { Job } from './scheduler';

/** Every scheduled job of the portal; an area adds its jobs here (one line each). */
export const JOBS: Job[] = [collectJob, domainRecheckJob, marketMaintenanceJob];
