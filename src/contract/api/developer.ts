import type { Operation } from './operation';

export const developerOperations: Operation[] = [];
