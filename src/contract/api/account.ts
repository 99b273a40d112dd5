import type { Operation } from './operation';

export const accountOperations: Operation[] = [];
