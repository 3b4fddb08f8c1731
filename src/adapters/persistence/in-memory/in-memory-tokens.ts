import type { ServiceIdentifier } from 'inversify';
import type { InMemoryState } from './in-memory-state.js';

export const IN_MEMORY = {
  State: Symbol.for('commerce-core.in-memory.State') as ServiceIdentifier<InMemoryState>,
} as const;
