import type { Operation } from './operation';

export const opsOperations: Operation[] = [];
