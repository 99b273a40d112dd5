import type { Operation } from './operation';

export const domainOperations: Operation[] = [];
