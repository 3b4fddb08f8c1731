// Copies the EPCC OpenAPI documents the HTTP tests validate against into test/support/epcc/, as JSON, so
// that no test needs the network. Two sources, one usage each:
//   node tools/vendor-epcc-specs.mjs <elasticpath-dev checkout> <its commit>
//     the 2024 generation: the subscriptions and integrations documents whole; of the accounts document only the
//     account-membership settings operations and the components they reference (the subscriptions API has no settings).
//   node tools/vendor-epcc-specs.mjs composable-frontend <2025-08 yaml> <its commit> <2026-10 yaml> <its commit>
//     the current generation, from github.com/elasticpath/composable-frontend: `packages/sdks/specs/subscriptions.yaml`
//     (2025-08) and `packages/sdks/specs/upstream/subscriptions/public_openapi.yaml` (2026-10), each at the commit
//     it was read at (the 2026 file is not in the tree the 2025 one was read from).
// js-yaml comes with mocha, so it is not a dependency of its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const yaml = createRequire(import.meta.url)('js-yaml');
const out = new URL('../test/support/epcc/', import.meta.url);
const write = (name, document) => writeFileSync(new URL(name, out), `${JSON.stringify(document, null, 1)}\n`);

if (process.argv[2] === 'composable-frontend') {
  const [, early, earlyCommit, current, currentCommit] = process.argv.slice(2);
  // EPCC's repository history names the 2025-08 file's commit in its short form only.
  if (current === undefined || ![earlyCommit, currentCommit].every((c) => /^[0-9a-f]{7,40}$/.test(c ?? ''))) {
    process.stderr.write(
      'usage: node tools/vendor-epcc-specs.mjs composable-frontend <2025-08 yaml> <commit> <2026-10 yaml> <commit>\n',
    );
    process.exit(2);
  }
  const documents = [
    ['subscriptions-2025-08-openapi.json', early, earlyCommit, 'packages/sdks/specs/subscriptions.yaml'],
    [
      'subscriptions-2026-10-openapi.json',
      current,
      currentCommit,
      'packages/sdks/specs/upstream/subscriptions/public_openapi.yaml',
    ],
  ];
  for (const [name, file, commit, path] of documents) {
    // The core schema keeps timestamps as the strings EPCC wrote, not dates re-rendered.
    const document = yaml.load(readFileSync(file, 'utf8'), { schema: yaml.CORE_SCHEMA });
    const provenance = {
      repository: 'https://github.com/elasticpath/composable-frontend',
      path,
      commit,
      license: 'MIT (Copyright (c) Elastic Path Software Inc); see LICENSE-composable-frontend beside this file',
      changes: 'converted from YAML to JSON',
    };
    write(name, { 'x-vendored-from': provenance, ...document });
  }
  process.exit(0);
}

const [checkout, commit] = process.argv.slice(2);
if (checkout === undefined || !/^[0-9a-f]{40}$/.test(commit ?? '')) {
  process.stderr.write('usage: node tools/vendor-epcc-specs.mjs <elasticpath-dev checkout> <40-hex commit>\n');
  process.exit(2);
}

const provenance = (path) => ({
  repository: 'https://github.com/elasticpath/elasticpath-dev',
  path,
  commit,
  license: 'MIT (Copyright (c) 2024 Elastic Path Software); see LICENSE beside this file',
  changes: 'converted from YAML to JSON',
});

/** Every `#/components/...` reference reachable from `value`, followed through the components themselves. */
const referencedComponents = (document, roots) => {
  const found = new Set();
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/') && !found.has(inner)) {
        found.add(inner);
        const [, , section, name] = inner.split('/');
        visit(document.components[section][name]);
      } else visit(inner);
    }
  };
  visit(roots);
  return found;
};

const subscriptionsPath = 'openapispecs/subscriptions/public_openapi.yaml';
const subscriptions = yaml.load(readFileSync(join(checkout, subscriptionsPath), 'utf8'));
write('subscriptions-openapi.json', { 'x-vendored-from': provenance(subscriptionsPath), ...subscriptions });

const accountsPath = 'openapispecs/accounts/OpenAPISpec.yaml';
const accounts = yaml.load(readFileSync(join(checkout, accountsPath), 'utf8'));
const paths = { '/v2/settings/account-membership': accounts.paths['/v2/settings/account-membership'] };
const components = {};
for (const ref of referencedComponents(accounts, paths)) {
  const [, , section, name] = ref.split('/');
  components[section] ??= {};
  components[section][name] = accounts.components[section][name];
}
write('account-membership-settings-openapi.json', {
  'x-vendored-from': {
    ...provenance(accountsPath),
    changes: 'converted from YAML to JSON; only /v2/settings/account-membership and the components it references',
  },
  openapi: accounts.openapi,
  info: accounts.info,
  paths,
  components,
});

const integrationsPath = 'openapispecs/integrations/openapi.yaml';
const integrations = yaml.load(readFileSync(join(checkout, integrationsPath), 'utf8'));
write('integrations-openapi.json', { 'x-vendored-from': provenance(integrationsPath), ...integrations });
