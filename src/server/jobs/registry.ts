import 'server-only';
import { accountsMaintenanceJob } from '../accounts/maintenance-job';
import { domainRecheckJob } from '../domain/recheck-job';
import { feedbackDigestJob, mailDeliveryJob } from '../mail/jobs';
import { marketMaintenanceJob } from '../market/maintenance-job';
import { marketRepackJob } from '../market/repack-stored';
import { collectJob } from '../resource/collect-job';
import type { Job } from './scheduler';

/** Every scheduled job of the portal; an area adds its jobs here (one line each). */
export const JOBS: Job[] = [
  collectJob,
  domainRecheckJob,
  marketMaintenanceJob,
  marketRepackJob,
  mailDeliveryJob,
  feedbackDigestJob,
  accountsMaintenanceJob,
];
