/**
 * Cases per property: small enough for every `npm test`, raised with PROPERTY_RUNS for a soak
 * (`npm run test:soak`).
 */
export const propertyRuns = (usual: number): number => {
  const asked = Number(process.env['PROPERTY_RUNS']);
  return Number.isInteger(asked) && asked > 0 ? asked : usual;
};

/**
 * Cases per property of a `forEachBackend` suite whose property is about the service's rules rather than
 * about races: `usual` on the in-memory backend, which searches the rules at a few milliseconds a case, and
 * `onDatabase` on PGlite, PostgreSQL and MariaDB, which hold their storage to the same answers at ten to a
 * hundred times the cost of a case. PROPERTY_RUNS sets every backend's count (`npm run test:soak`).
 * Properties about concurrent requests keep one count everywhere: their races happen on the databases.
 */
export const backendPropertyRuns = (backend: { readonly name: string }, usual: number, onDatabase: number): number =>
  propertyRuns(backend.name === 'in-memory' ? usual : onDatabase);
