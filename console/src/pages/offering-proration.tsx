import { useEffect, useState } from 'preact/hooks';
import { api, get } from '../api';
import type { ListAnswer } from '../paged-list';
import { SUBSCRIPTIONS } from '../resources';
import { href } from '../route';
import { ActionForm, Field, Problems, Select, text, useLoad } from '../ui';

export interface ProrationPolicy {
  readonly id: string;
  readonly attributes: { readonly name: string; readonly rounding: string; readonly external_ref?: string };
}

/**
 * The policy an offering uses. The 2024 offering does not name it, so it is found as the API finds it:
 * the offerings filtered by each policy (`eq(proration_policy_id,…)`), a store having few policies.
 */
const usedPolicy = async (offering: string, policies: readonly ProrationPolicy[]): Promise<string | undefined> => {
  for (const policy of policies) {
    const users = await get<ListAnswer<{ id: string }>>(
      `${SUBSCRIPTIONS}/offerings?filter=eq(proration_policy_id,${policy.id})&page[limit]=100`,
    );
    if (users.data.some((o) => o.id === offering)) return policy.id;
  }
  return undefined;
};

/** Which proration policy charges this offering's plan changes, chosen from the store's policies, or none. */
export const OfferingProration = ({ offering }: { offering: string }) => {
  const policies = useLoad<ListAnswer<ProrationPolicy>>(`${SUBSCRIPTIONS}/proration-policies?page[limit]=100`);
  const [used, setUsed] = useState<string | null>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (policies.data === undefined) return;
    usedPolicy(offering, policies.data.data).then((id) => setUsed(id ?? null), setError);
  }, [offering, policies.data]);
  const list = policies.data?.data ?? [];
  const name = list.find((p) => p.id === used)?.attributes.name;
  return (
    <section aria-labelledby="proration">
      <h2 id="proration">Proration</h2>
      <Problems error={policies.error ?? error} />
      <p>
        {used === undefined
          ? '…'
          : used === null
            ? 'No proration policy: a plan change in the middle of a period is not prorated.'
            : `Plan changes are prorated by the policy ${name ?? used}.`}
      </p>
      {list.length === 0 && policies.data !== undefined ? (
        <p>
          The store has no proration policy yet: <a href={href('billing-rules')}>add one under Billing rules</a>.
        </p>
      ) : (
        <ActionForm
          key={used ?? 'none'}
          label="Choose the proration policy"
          submit="Use this policy"
          action={async (form) => {
            const id = text(form, 'policy');
            await api(
              'PUT',
              `${SUBSCRIPTIONS}/offerings/${encodeURIComponent(offering)}/relationships/proration-policies`,
              {
                data: id === '' ? null : { type: 'subscription_proration_policy', id },
              },
            );
            setUsed(id === '' ? null : id);
          }}
        >
          <Field label="Proration policy" hint="applies to every subscription of the offering from now on">
            <Select
              name="policy"
              initial={used ?? ''}
              options={[
                ['', 'none: no proration'],
                ...list.map((p) => [p.id, `${p.attributes.name} (rounding ${p.attributes.rounding})`] as const),
              ]}
            />
          </Field>
        </ActionForm>
      )}
    </section>
  );
};
