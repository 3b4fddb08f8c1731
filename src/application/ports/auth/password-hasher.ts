/**
 * One-way storage of passwords. Unlike `Secrets.hash`, which stores 160-bit random tokens and must stay
 * unsalted to be looked up, a password carries little entropy: it is salted and run through a
 * memory-hard function, so that a stolen table costs its thief that work per guess per password.
 */
export interface PasswordHasher {
  /** The text to store: the function's name, its parameters, the salt and the digest. */
  hash(password: string): Promise<string>;
  /**
   * Whether `password` is the one `stored` was made of, compared in constant time. A stored text this
   * hasher cannot read is false, never an error. Without `stored`, spends the same work and answers false,
   * so a username that does not exist takes as long to refuse as a wrong password.
   */
  verify(password: string, stored: string | undefined): Promise<boolean>;
}
