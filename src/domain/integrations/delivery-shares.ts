/**
 * The first candidates, up to `limit`, that keep every integration within its share of the slots: an
 * integration holding `perIntegration` attempts (those `inFlight` counts, and those chosen here) gets no
 * more, so that a slow receiver's backlog never takes the slots other integrations' deliveries need.
 */
export const withinShares = (
  candidates: readonly { readonly id: string; readonly integrationId: string }[],
  limit: number,
  inFlight: ReadonlyMap<string, number>,
  perIntegration: number,
): string[] => {
  const taken = new Map(inFlight);
  const chosen: string[] = [];
  for (const { id, integrationId } of candidates) {
    if (chosen.length >= limit) break;
    const held = taken.get(integrationId) ?? 0;
    if (held >= perIntegration) continue;
    taken.set(integrationId, held + 1);
    chosen.push(id);
  }
  return chosen;
};
