/** Whether the schema has every migration this build knows; `unknown` while it cannot be read. */
export type SchemaState = 'current' | 'pending' | 'unknown';

/** Whether the storage answers and is up to date; `false` and `unknown` are normal outcomes while the database is away. */
export interface DatabaseHealth {
  ping(): Promise<boolean>;
  schema(): Promise<SchemaState>;
}
