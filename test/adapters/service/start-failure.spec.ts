import { expect } from 'chai';
import { DataDirInUse } from '../../../src/adapters/persistence/kysely/engine/data-dir-lock.js';
import { invalidConfiguration, startFailureLine, whyNotStarted } from '../../../src/adapters/service/start-failure.js';
import { StorageUnavailable } from '../../../src/application/ports/storage-unavailable.js';

const config = { port: 3000, host: '127.0.0.1' };
const listenError = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`listen ${code}: 127.0.0.1:3000`), { code, syscall: 'listen' });

describe('why the service did not start, for a person', () => {
  const cases: readonly { readonly case: string; readonly error: unknown; readonly line: string }[] = [
    {
      case: 'a port in use',
      error: listenError('EADDRINUSE'),
      line: 'port 3000 is in use (EADDRINUSE); set PORT to another port',
    },
    {
      case: 'a privileged port',
      error: listenError('EACCES'),
      line: 'port 3000 needs privileges this process does not have (EACCES); set PORT to 1024 or above',
    },
    {
      case: 'a host that is not ours',
      error: listenError('EADDRNOTAVAIL'),
      line: 'HOST 127.0.0.1 is not an address of this machine (EADDRNOTAVAIL); set HOST to one of its addresses',
    },
    {
      case: 'an unreachable database, under the migration that met it',
      error: new Error('migration unknown failed', {
        cause: new StorageUnavailable('the connection failed (ECONNREFUSED)'),
      }),
      line: 'the database cannot be reached: the connection failed (ECONNREFUSED); check DATABASE_URL and that the database is running',
    },
    {
      case: 'the embedded database held by another process',
      error: new DataDirInUse('.data/pglite', 4242),
      line: new DataDirInUse('.data/pglite', 4242).message,
    },
    {
      case: 'anything else: its messages, cause after cause',
      error: new Error('migration 0007-x failed', { cause: new Error('syntax error at "("') }),
      line: 'migration 0007-x failed: syntax error at "(" (the log on stdout has the details)',
    },
    {
      case: 'a listen error without advice',
      error: listenError('EMFILE'),
      line: 'listen EMFILE: 127.0.0.1:3000 (the log on stdout has the details)',
    },
  ];
  for (const c of cases)
    it(c.case, () => {
      expect(whyNotStarted(c.error, config)).to.equal(c.line);
    });

  it('is one line, under the name of the program, and a configuration says every problem in it', () => {
    expect(startFailureLine(invalidConfiguration(['PORT must be an integer', 'LOG_LEVEL must be one of']))).to.equal(
      'commerce-core could not start: invalid configuration: PORT must be an integer; LOG_LEVEL must be one of\n',
    );
  });
});
