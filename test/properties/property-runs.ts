/**
 * Cases per property: small enough for every `npm test`, raised with PROPERTY_RUNS for a soak
 * (`npm run test:soak`).
 */
export const propertyRuns = (usual: number): number => {
  const asked = Number(process.env['PROPERTY_RUNS']);
  return Number.isInteger(asked) && asked > 0 ? asked : usual;
};
