import type { Uuid } from '../../domain/shared/uuid.js';

/** The current time; tests pass a fixed or stepping clock. */
export interface Clock {
  now(): Date;
}

/** New identifiers for stored records. */
export interface IdGenerator {
  uuid(): Uuid;
}

/** Chance, where a rule wants spread (the jitter of webhook retries); tests pass a fixed source. */
export interface Random {
  /** A number from 0 (included) to 1 (excluded). */
  fraction(): number;
}

/** Random credentials and the one-way hashes they are stored as. */
export interface Secrets {
  /** A random, URL-safe string carrying at least `bits` bits of entropy. */
  random(bits: number): string;
  /** A deterministic one-way hash; lookups are made by hash, so it must not be salted. */
  hash(secret: string): string;
  /** Compares a secret with a stored hash in constant time. */
  matches(secret: string, hash: string): boolean;
}
