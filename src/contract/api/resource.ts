import type { Operation } from './operation';

export const resourceOperations: Operation[] = [];
