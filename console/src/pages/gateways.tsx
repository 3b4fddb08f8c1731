import { useState } from 'preact/hooks';
import { GATEWAY_FORMS, GATEWAYS, type Gateway, type GatewaySlug } from '../gateways';
import { administers, currentSession } from '../session';
import { Problems, useLoad } from '../ui';
import { GatewayForm, heldNow } from './gateway-form';

const TITLE = 'Payment gateways';

const Credentials = ({ gateway }: { gateway: Gateway }) => {
  const { settings } = GATEWAY_FORMS[gateway.slug];
  if (settings.length === 0) return <>none needed</>;
  return (
    <ul class="plain">
      {settings.map((setting) => (
        <li key={setting.name}>
          {setting.label}: <code>{heldNow(gateway, setting)}</code>
        </li>
      ))}
    </ul>
  );
};

const GatewayTable = ({ gateways }: { gateways: readonly Gateway[] }) => (
  <table>
    <caption>The store's gateways</caption>
    <thead>
      <tr>
        <th scope="col">Gateway</th>
        <th scope="col">Enabled</th>
        <th scope="col">Test mode</th>
        <th scope="col">Credentials</th>
      </tr>
    </thead>
    <tbody>
      {gateways.map((g) => (
        <tr key={g.slug}>
          <th scope="row">{g.name}</th>
          <td>{g.enabled ? 'yes' : 'no'}</td>
          <td>{g.test === undefined ? 'none (no test mode)' : g.test ? 'yes' : 'no'}</td>
          <td>
            <Credentials gateway={g} />
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);

const Gateways = () => {
  const list = useLoad<{ data: readonly Gateway[] }>(GATEWAYS);
  // Each save answers the gateway as it now is: it replaces the one read, with no second request.
  const [saved, setSaved] = useState<Partial<Record<GatewaySlug, Gateway>>>({});
  const [keyMissing, setKeyMissing] = useState(false);
  const gateways = list.data?.data.map((g) => saved[g.slug] ?? g);
  return (
    <>
      <p>
        The gateways subscriptions pay through: a payment run charges through an enabled gateway, in its test mode when
        that is on. Credentials are stored encrypted and never shown again: the table shows at most their last four
        characters.
      </p>
      <Problems error={list.error} />
      {gateways === undefined ? null : (
        <>
          <GatewayTable gateways={gateways} />
          {gateways.map((g) => (
            <section key={g.slug} aria-labelledby={`gateway-${g.slug}`}>
              <h2 id={`gateway-${g.slug}`}>{g.name}</h2>
              <GatewayForm
                gateway={g}
                keyMissing={keyMissing}
                onSaved={(next) => setSaved((s) => ({ ...s, [next.slug]: next }))}
                onKeyMissing={() => setKeyMissing(true)}
              />
            </section>
          ))}
        </>
      )}
    </>
  );
};

/** The store's payment gateways: store administration, so a role that may not administer is told, not asked. */
export const GatewaysPage = () => {
  const actor = currentSession()?.actor;
  return (
    <>
      <h1>{TITLE}</h1>
      {actor === undefined || administers(actor) ? (
        <Gateways />
      ) : (
        <p>
          Payment gateways are store administration: the role {actor.type === 'merchant_user' ? actor.role : ''} does
          not reach them. An owner or an admin sets them.
        </p>
      )}
    </>
  );
};
