import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  makePrivate,
  mkdirPrivate,
  ownerOnlyUmask,
} from '../../../src/adapters/persistence/kysely/engine/private-files.js';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('private files of the embedded database', () => {
  let root: string;
  let umask: number;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'private-'));
    umask = process.umask(0o002);
  });
  afterEach(async () => {
    process.umask(umask);
    await rm(root, { recursive: true, force: true });
  });

  it('creates every missing directory 0700 whatever the umask, and leaves an existing parent as it is', async () => {
    process.umask(0);
    await mkdirPrivate(path.join(root, 'a', 'b', 'c'));
    for (const dir of ['a', 'a/b', 'a/b/c']) expect(await modeOf(path.join(root, dir)), dir).to.equal(0o700);
    expect(await modeOf(root)).to.equal(0o700); // mkdtemp's own mode, untouched
  });

  it('tightens a tree to 0700 directories and 0600 files', async () => {
    process.umask(0);
    await mkdirPrivate(path.join(root, 'd', 'e'));
    await writeFile(path.join(root, 'd', 'e', 'f'), 'x', { mode: 0o666 });
    await writeFile(path.join(root, 'd', 'g'), 'x', { mode: 0o755 });
    await makePrivate(path.join(root, 'd'));
    expect([
      await modeOf(path.join(root, 'd')),
      await modeOf(path.join(root, 'd', 'e')),
      await modeOf(path.join(root, 'd', 'e', 'f')),
      await modeOf(path.join(root, 'd', 'g')),
    ]).to.deep.equal([0o700, 0o700, 0o600, 0o600]);
  });

  it('holds an owner-only umask while any holder has it, and restores the one it found after the last', () => {
    const first = ownerOnlyUmask();
    const second = ownerOnlyUmask();
    expect(process.umask(0o077)).to.equal(0o077);
    first();
    first();
    expect(process.umask(0o077), 'the second holder still has it').to.equal(0o077);
    second();
    expect(process.umask(0o002)).to.equal(0o002);
  });
});
