/** Says why an error means the database is out of reach, or `undefined` when it is an ordinary failure. */
export type FaultClassifier = (error: unknown) => string | undefined;
