import 'reflect-metadata';
import { closeSharedDatabases } from './backends.js';

/** Root hooks: databases shared between spec files are closed once, after the last test. */
export const mochaHooks = {
  async afterAll(): Promise<void> {
    await closeSharedDatabases();
  },
};
