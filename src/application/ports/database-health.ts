/** Whether the storage answers; a `false` is a normal outcome while the database is away. */
export interface DatabaseHealth {
  ping(): Promise<boolean>;
}
