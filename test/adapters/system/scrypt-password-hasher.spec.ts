import { expect } from 'chai';
import { scryptPasswordHasher } from '../../../src/adapters/system/scrypt-password-hasher.js';

describe('scrypt password hasher', () => {
  const hasher = scryptPasswordHasher({ logN: 10, r: 8, p: 1 });

  it('stores a salted hash with its parameters, never the password, and verifies only the right one', async () => {
    const [first, second] = [await hasher.hash('correct horse'), await hasher.hash('correct horse')];
    expect(first).to.match(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.to.equal(second);
    expect(first).not.to.include('correct horse');
    expect(await hasher.verify('correct horse', first)).to.equal(true);
    expect(await hasher.verify('correct horsE', first)).to.equal(false);
  });

  it('verifies a hash made at another cost, as its parameters say, so that the cost can be raised later', async () => {
    const cheaper = await scryptPasswordHasher({ logN: 11, r: 4, p: 1 }).hash('s3cret pass');
    expect(await hasher.verify('s3cret pass', cheaper)).to.equal(true);
  });

  it('answers false, never an error, for no hash, a foreign one, or parameters beyond its bounds', async () => {
    const made = await hasher.hash('password');
    for (const stored of [undefined, '', 'plain', made.replace('ln=10', 'ln=30'), made.replace(/\$[^$]+$/, '$AAAA')])
      expect(await hasher.verify('password', stored)).to.equal(false);
  });
});
