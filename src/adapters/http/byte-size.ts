const KIB = 1024;
const MIB = 1024 * KIB;

/** A byte count as limits are written: `1 MiB`, `64 KiB`, `1000 bytes`. */
export const byteSize = (bytes: number): string =>
  bytes % MIB === 0 ? `${bytes / MIB} MiB` : bytes % KIB === 0 ? `${bytes / KIB} KiB` : `${bytes} bytes`;
