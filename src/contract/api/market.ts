import type { Operation } from './operation';

export const marketOperations: Operation[] = [];
