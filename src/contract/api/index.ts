import { accountOperations } from './account';
import { contentOperations } from './content';
import { developerOperations } from './developer';
import { domainOperations } from './domain';
import { itemReviewOperations } from './item-reviews';
import { marketOperations } from './market';
import type { Operation } from './operation';
import { opsOperations } from './ops';
import { resourceOperations } from './resource';
import { reviewOperations } from './review';

/** Every API operation the portal serves: routes, the typed client and the OpenAPI document read it. */
export const OPERATIONS: readonly Operation[] = [
  ...accountOperations,
  ...marketOperations,
  ...itemReviewOperations,
  ...developerOperations,
  ...reviewOperations,
  ...resourceOperations,
  ...domainOperations,
  ...contentOperations,
  ...opsOperations,
];
