// Copies the EPCC OpenAPI documents the HTTP tests validate against into test/support/epcc/, as JSON, so
// that no test needs the network. Usage, with a checkout of github.com/elasticpath/elasticpath-dev:
//   node tools/vendor-epcc-specs.mjs <elasticpath-dev checkout> <its commit>
// The subscriptions and integrations documents are copied whole; of the accounts document only the account-membership
// settings operations and the components they reference (the subscriptions API has no settings).
// js-yaml comes with mocha, so it is not a dependency of its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const yaml = createRequire(import.meta.url)('js-yaml');
const [checkout, commit] = process.argv.slice(2);
if (checkout === undefined || !/^[0-9a-f]{40}$/.test(commit ?? '')) {
  process.stderr.write('usage: node tools/vendor-epcc-specs.mjs <elasticpath-dev checkout> <40-hex commit>\n');
  process.exit(2);
}
const out = new URL('../test/support/epcc/', import.meta.url);

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

const write = (name, document) => writeFileSync(new URL(name, out), `${JSON.stringify(document, null, 1)}\n`);

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
