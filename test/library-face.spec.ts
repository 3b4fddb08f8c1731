import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Container, ServiceIdentifier } from 'inversify';
import { pino } from 'pino';
import type { CliCore, CliIo } from '../src/adapters/cli/cli-program.js';
import { runCli } from '../src/adapters/cli/run-cli.js';
import { InMemoryState } from '../src/adapters/persistence/in-memory/in-memory-state.js';
import { CONCEPT_MODULES, USE_CASES } from '../src/application/core-module.js';
import { JOB_HANDLER_CLASSES } from '../src/application/use-cases/jobs/job-handlers.js';
import * as library from '../src/index.js';

const SRC = path.resolve(import.meta.dirname, '../src');
const exported = library as unknown as Readonly<Record<string, unknown>>;
const listed = new Set<unknown>(USE_CASES);

/** `container`, with every class it is asked for by `get` noted in `asked` (what its callers resolve). */
const noting = (container: Container, asked: Set<unknown>): Container => {
  const get = container.get.bind(container);
  container.get = ((id: ServiceIdentifier<unknown>, options?: never) => {
    if (typeof id === 'function') asked.add(id);
    return get(id, options);
  }) as Container['get'];
  return container;
};

const nameOf = (id: unknown): string => (typeof id === 'function' ? id.name : String(id));

describe('the library face', () => {
  it("exports each concept's use cases under the names of the concept's list, which its container module binds", () => {
    const concepts = Object.entries(CONCEPT_MODULES);
    expect(concepts.length, 'concepts').to.be.above(10);
    for (const [concept, module] of concepts) {
      const useCases = Object.entries(module.useCases);
      expect(useCases.length, `${concept} lists its use cases`).to.be.above(0);
      for (const [name, useCase] of useCases) {
        expect(exported[name], `${concept}: ${name} is exported as the class the container binds`).to.equal(useCase);
      }
    }
    expect(library.USE_CASES, 'USE_CASES is the concepts’ lists end to end').to.deep.equal(
      concepts.flatMap(([, module]) => Object.values(module.useCases)),
    );
    expect(listed.size, 'no use case is listed by two concepts').to.equal(USE_CASES.length);
  });

  it('resolves every listed use case from a built container, each once per container', () => {
    const container = library.buildContainer({ kind: 'memory' });
    for (const useCase of USE_CASES) {
      const made = container.get(useCase);
      expect(made, nameOf(useCase)).to.be.an.instanceOf(useCase);
      expect(container.get(useCase), `${nameOf(useCase)} is a singleton`).to.equal(made);
    }
  });

  it('resolves, for the HTTP API, its background work, its job handlers and the CLI, only use cases of the lists', async () => {
    const asked = new Set<unknown>();
    const logger = pino({ level: 'silent' });
    library.createHttpApp({ container: noting(library.buildContainer({ kind: 'memory' }), asked), logger });
    const background = await library.startBackgroundWork(
      noting(library.buildContainer({ kind: 'memory' }), asked),
      logger,
    );
    await background.stop();
    for (const handler of Object.values(JOB_HANDLER_CLASSES)) asked.add(handler);

    const state = new InMemoryState();
    const io: CliIo = {
      env: {},
      out: () => undefined,
      err: () => undefined,
      open: async (): Promise<CliCore> => ({
        container: noting(library.buildContainer({ kind: 'memory', state }), asked),
        migrated: [],
        migrationMs: 0,
        close: async () => undefined,
      }),
      version: '0.0.0',
    };
    expect(await runCli(io, ['create-store', 'Face'])).to.equal(0);
    expect(await runCli(io, ['list-stores'])).to.equal(0);

    expect(asked.size, 'the API resolves use cases').to.be.above(60);
    const unlisted = [...asked].filter((id) => !listed.has(id)).map(nameOf);
    expect(unlisted, 'classes resolved by the service that no concept lists').to.deep.equal([]);
  });

  it('starts what the service runs beside its API with the one call it exports, which the service makes too', () => {
    expect(library.startBackgroundWork, 'exported').to.be.a('function');
    const service = readFileSync(path.join(SRC, 'adapters/service/start-service.ts'), 'utf8');
    expect(service).to.match(/import \{[^}]*\bstartBackgroundWork\b[^}]*\} from '\.\/start-background-work\.js'/);
    // Starting jobs or the relay on its own, the service could run something an embedder's call does not.
    expect(service).not.to.match(/\bstart(Jobs|Relay)\b/);
  });
});
