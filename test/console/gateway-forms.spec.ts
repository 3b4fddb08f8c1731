import { expect } from 'chai';
import { GATEWAY_FORMS, GATEWAY_SLUGS } from '../../console/src/gateways.js';
import { ADMINISTERING_ROLES, administers } from '../../console/src/session.js';
import { CREDENTIAL_RULES } from '../../src/domain/gateways/gateway-input.js';
import { GATEWAY_FIELDS, SECRET_FIELDS } from '../../src/domain/gateways/gateway-settings.js';
import { SERVED_GATEWAYS } from '../../src/domain/gateways/gateway-slug.js';
import { rolesPermitting } from '../../src/domain/people/actor-permits.js';
import { ROLES } from '../../src/domain/people/role.js';

/** The settings the service takes for a gateway besides `enabled` and `test`, as its PUT names them. */
const serviceSettings = (slug: (typeof SERVED_GATEWAYS)[number]): string[] => [
  ...(GATEWAY_FIELDS[slug].stripeAccount ? ['stripe_account'] : []),
  ...SECRET_FIELDS.filter((field) => CREDENTIAL_RULES[field][slug] !== undefined),
];

describe('Console: the payment gateways page offers what the service takes', () => {
  it('lists the gateways the service serves, in its order', () => {
    expect(GATEWAY_SLUGS).to.deep.equal(SERVED_GATEWAYS);
  });

  for (const slug of SERVED_GATEWAYS)
    it(`offers on ${slug} its test mode where it has one and exactly its settings, credentials blind`, () => {
      const form = GATEWAY_FORMS[slug];
      expect(form.test).to.equal(GATEWAY_FIELDS[slug].test);
      expect(form.settings.map((s) => s.name).sort()).to.deep.equal(serviceSettings(slug).sort());
      for (const setting of form.settings)
        expect(setting.secret, setting.name).to.equal((SECRET_FIELDS as readonly string[]).includes(setting.name));
    });

  it('lists store administration for the roles the service lets administer it, and for keys', () => {
    expect(ADMINISTERING_ROLES).to.deep.equal(rolesPermitting('admin'));
    for (const role of ROLES)
      expect(administers({ type: 'merchant_user', id: 'p', name: 'P', email: 'p@example.com', role }), role).to.equal(
        rolesPermitting('admin').includes(role),
      );
    expect(administers({ type: 'application_key', id: 'k' })).to.equal(true);
  });
});
