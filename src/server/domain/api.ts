import 'server-only';
import type {
  domainCheckInject,
  domainCheckVersion,
  domainInjectList,
  domainInjectProgress,
  domainIsfake,
  domainSampleList,
  domainSampleReview,
  domainSiteHistory,
  domainStartInject,
  domainSubmitSample,
} from '@/contract/api/domain';
import { Reply } from '../http/handler';
import type { Run } from '../http/serve';
import { checkSiteOnce, siteCheckProgress, startSiteCheck } from './ask-site-check';
import { checkAuthenticity } from './check-authenticity';
import { injectSiteList } from './inject-site-list';
import { listSamples } from './samples/list-samples';
import { reviewSample } from './samples/review-sample';
import { siteHistory } from './site-history';
import { submitSample } from './submit-sample';
import { checkVersion } from './version/check-version';

/** The domain area's operations (src/contract/api/domain.ts), one function each. */
export const authenticity: Run<typeof domainIsfake> = async ({ input }) =>
  checkAuthenticity({ input: input.domain });

export const version: Run<typeof domainCheckVersion> = async ({ input, ctx }) =>
  checkVersion({ input: input.domain, locale: ctx.locale, now: ctx.now });

export const inject: Run<typeof domainCheckInject> = async ({ input, ctx }) =>
  checkSiteOnce({ input: input.domain, recheck: input.recheck, locale: ctx.locale, now: ctx.now });

export const injectStart: Run<typeof domainStartInject> = async ({ input, ctx }) =>
  startSiteCheck({ input: input.domain, recheck: input.recheck, locale: ctx.locale, now: ctx.now });

export const injectProgress: Run<typeof domainInjectProgress> = async ({ input, ctx }) =>
  siteCheckProgress(input.check_id, ctx.locale);

export const injectList: Run<typeof domainInjectList> = async ({ input, ctx }) =>
  injectSiteList({ limit: input.limit, now: ctx.now });

export const history: Run<typeof domainSiteHistory> = async ({ input, ctx }) =>
  siteHistory(input.domain, ctx.locale);

export const sampleSubmit: Run<typeof domainSubmitSample> = async ({ input, ctx, user }) =>
  new Reply(await submitSample({ ...input, clientIp: ctx.ip, userId: user?.id }), 'api.submitted');

export const sampleList: Run<typeof domainSampleList> = async () => ({
  list: await listSamples(),
});

export const sampleReview: Run<typeof domainSampleReview> = async ({ input, user, ctx }) =>
  new Reply(await reviewSample({ ...input, adminId: user.id, now: ctx.now }), 'api.modified');
