import { useState } from 'preact/hooks';
import { api, in2025 } from '../api';
import { money } from '../money';
import type { ListAnswer } from '../paged-list';
import { SUBSCRIPTIONS } from '../resources';
import { ActionButton, Field, Problems, useLoad, when } from '../ui';

/** A plan or pricing option of the subscription's offering, as the 2025 wire lists them for a subscription. */
interface Option2025 {
  readonly id: string;
  readonly attributes: { readonly name: string };
  readonly meta?: { readonly active_plan?: boolean; readonly active_pricing_option?: boolean };
}

/** The API's preview of a switch, with our extension's figures when it would prorate. */
interface Preview {
  readonly attributes: { readonly would_prorate: boolean; readonly rejection_reason: string | null };
  readonly meta?: {
    readonly proration: {
      readonly currency: string;
      readonly refunded_amount_for_unused_plan: number;
      readonly new_plan_cost: number;
      readonly net_amount: number;
      readonly days: number;
      readonly prorated_at: string;
      readonly prorated_until: string;
    };
  };
}

interface Switch {
  readonly pricingOption: string;
  readonly plan: string;
}

/** What the API answered, in words and its own figures: the console computes none of them. */
const PreviewFacts = ({ preview }: { preview: Preview }) => {
  const figures = preview.meta?.proration;
  if (preview.attributes.rejection_reason === 'no_change') return <p>That is what the subscription has now.</p>;
  if (figures === undefined)
    return (
      <p>
        No proration: the new plan is billed from the next invoice (the offering has no proration policy, or nothing of
        this period is invoiced yet).
      </p>
    );
  const at = (amount: number) => money({ amount, currency: figures.currency });
  return (
    <dl class="facts" data-testid="proration-preview">
      <dt>Credit for the unused days of the current plan</dt>
      <dd>{at(figures.refunded_amount_for_unused_plan)}</dd>
      <dt>Charge for the same days on the new plan</dt>
      <dd>{at(figures.new_plan_cost)}</dd>
      <dt>{figures.net_amount < 0 ? 'Credit carried into the next invoice' : 'Added to the next invoice'}</dt>
      <dd>{at(Math.abs(figures.net_amount))}</dd>
      <dt>Days prorated</dt>
      <dd>
        {figures.days}, from {when(figures.prorated_at)} to {when(figures.prorated_until)}
      </dd>
    </dl>
  );
};

/**
 * Another plan (and, where the offering has several, another of its products: the 2025 API's pricing option
 * and plan) for a subscription: previewed first by the API's proration preview, then made by the 2025
 * update with exactly what was previewed, so the figures read are the ones charged.
 */
export const PlanChange = ({
  subscriptionId,
  round,
  onChanged,
}: {
  subscriptionId: string;
  round: number;
  onChanged: () => void;
}) => {
  const base = in2025(`${SUBSCRIPTIONS}/subscriptions/${encodeURIComponent(subscriptionId)}`);
  const pricingOptions = useLoad<ListAnswer<Option2025>>(`${base}/pricing-options?page[limit]=100`, round);
  const plans = useLoad<ListAnswer<Option2025>>(`${base}/plans?page[limit]=100`, round);
  const active = {
    pricingOption: pricingOptions.data?.data.find((o) => o.meta?.active_pricing_option)?.id ?? '',
    plan: plans.data?.data.find((p) => p.meta?.active_plan)?.id ?? '',
  };
  const [wanted, setWanted] = useState<Partial<Switch>>({});
  const chosen: Switch = {
    pricingOption: wanted.pricingOption ?? active.pricingOption,
    plan: wanted.plan ?? active.plan,
  };
  const [previewed, setPreviewed] = useState<{ readonly of: Switch; readonly preview: Preview }>();
  const [error, setError] = useState<unknown>();
  const current =
    previewed !== undefined && previewed.of.pricingOption === chosen.pricingOption && previewed.of.plan === chosen.plan;
  const held = plans.data?.data.filter((p) => p.meta?.active_plan).length ?? 0;
  const preview = async () => {
    setError(undefined);
    try {
      const answer = await api<{ data: Preview }>('POST', `${base}/proration-preview`, {
        data: {
          type: 'proration_preview_request',
          attributes: {
            trigger: 'plan_pricing_option_change',
            pricing_option_id: chosen.pricingOption,
            plan_id: chosen.plan,
          },
        },
      });
      setPreviewed({ of: chosen, preview: answer.body.data });
    } catch (failure) {
      setError(failure);
    }
  };
  const confirm = async () => {
    await api('PUT', base, {
      data: {
        type: 'subscription',
        attributes: {
          pricing_option_id: chosen.pricingOption,
          ...(chosen.plan === active.plan && held === 1 ? {} : { plan_id: chosen.plan }),
        },
      },
    });
    setPreviewed(undefined);
    setWanted({});
    onChanged();
  };
  return (
    <section aria-labelledby="plan-change">
      <h2 id="plan-change">Change plan</h2>
      <Problems error={pricingOptions.error ?? plans.error} />
      <form
        class="action-form"
        aria-label="Change plan"
        onSubmit={(e) => {
          e.preventDefault();
          void preview();
        }}
      >
        <Field label="New plan" hint="a plan of the subscription's offering (the 2025 API's pricing option)">
          <select
            value={chosen.pricingOption}
            onChange={(e) => setWanted({ ...wanted, pricingOption: e.currentTarget.value })}
          >
            {pricingOptions.data?.data.map((o) => (
              <option key={o.id} value={o.id}>
                {o.attributes.name}
                {o.id === active.pricingOption ? ' (current)' : ''}
              </option>
            ))}
          </select>
        </Field>
        {(plans.data?.data.length ?? 0) > 1 ? (
          <Field
            label="Product"
            hint={
              held > 1
                ? 'it holds several products now; the change keeps only the one chosen here (the 2025 API’s plan)'
                : 'the product it holds (the 2025 API’s plan)'
            }
          >
            <select value={chosen.plan} onChange={(e) => setWanted({ ...wanted, plan: e.currentTarget.value })}>
              {plans.data?.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.attributes.name}
                  {p.meta?.active_plan ? ' (held)' : ''}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <button type="submit">Preview the change</button>
        <Problems error={error} />
      </form>
      {current ? (
        <div class="preview" aria-live="polite">
          <h3>What the change does</h3>
          <PreviewFacts preview={previewed.preview} />
          {previewed.preview.attributes.rejection_reason === 'no_change' ? null : (
            <ActionButton label="Confirm the change" action={confirm} />
          )}
        </div>
      ) : null}
    </section>
  );
};
