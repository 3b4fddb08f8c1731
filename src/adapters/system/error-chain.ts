// A chain of causes could loop back on itself; no driver nests anywhere near ten deep.
const MOST_CAUSES = 10;

/** The error, then its cause, and that one's, in order: the database's own faults may be the cause of another error. */
export function* errorChain(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current !== undefined && depth < MOST_CAUSES; depth += 1) {
    yield current;
    current = current instanceof Error ? current.cause : undefined;
  }
}
