import { ContainerModule, type ContainerModuleLoadOptions, type Newable } from 'inversify';

/**
 * A concept's use cases by the names the library exports them under: the namespace of its
 * `<concept>-use-cases.ts`, which exports nothing else. The container binds each, and `src/index.ts`
 * re-exports the file whole, so what an embedding program can import is what the service can resolve.
 */
export type UseCaseList = Readonly<Record<string, Newable<object>>>;

/**
 * The container module of one concept: each of its use cases bound to itself, once per container, and
 * `alsoBind` for ports the concept implements in the application itself. It keeps its list, so the core's
 * composition names each concept once.
 */
export class UseCaseModule extends ContainerModule {
  constructor(
    readonly useCases: UseCaseList,
    alsoBind: (options: ContainerModuleLoadOptions) => void = () => undefined,
  ) {
    super((options) => {
      for (const [name, useCase] of Object.entries(useCases)) {
        // A namespace's types vanish at run time; a value that is not a class would be bound in vain.
        if (typeof useCase !== 'function') throw new TypeError(`${name} is listed as a use case but is not a class`);
        options.bind(useCase).toSelf().inSingletonScope();
      }
      alsoBind(options);
    });
  }
}
