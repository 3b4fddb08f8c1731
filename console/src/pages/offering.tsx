import { useState } from 'preact/hooks';
import { api } from '../api';
import type { ListAnswer } from '../paged-list';
import { type CatalogueItem, SUBSCRIPTIONS } from '../resources';
import { href } from '../route';
import { ActionForm, ConfirmButton, Problems, useLoad } from '../ui';
import { Choices, chosen } from './catalogue';
import { OfferingEdit, PlanEdit, ProductEdit } from './catalogue-edit';
import { OfferingProration } from './offering-proration';

/** An offering's copies of products or plans: detach one, or attach more originals (copied in). */
const Copies = ({
  offering,
  kind,
  round,
  onChange,
}: {
  offering: string;
  kind: 'products' | 'plans';
  round: number;
  onChange: () => void;
}) => {
  const base = `${SUBSCRIPTIONS}/offerings/${encodeURIComponent(offering)}/${kind}`;
  const copies = useLoad<ListAnswer<CatalogueItem>>(`${base}?page[limit]=100`, round);
  const title = kind === 'products' ? 'Products' : 'Plans';
  return (
    <section aria-labelledby={`copies-${kind}`}>
      <h2 id={`copies-${kind}`}>{title}</h2>
      <Problems error={copies.error} />
      <ul>
        {copies.data?.data.map((copy) => (
          <li key={copy.id}>
            {copy.attributes.name} {copy.meta?.display_price?.without_tax?.formatted ?? ''}{' '}
            {kind === 'products' ? (
              <ProductEdit
                item={copy}
                path={`${base}/${copy.id}`}
                type="subscription_offering_product"
                onDone={onChange}
              />
            ) : (
              <PlanEdit item={copy} path={`${base}/${copy.id}`} type="subscription_offering_plan" onDone={onChange} />
            )}
            <ConfirmButton
              label="Detach"
              confirm={`Detach ${copy.attributes.name}`}
              action={async () => {
                await api('DELETE', `${base}/${copy.id}`);
                onChange();
              }}
            />
          </li>
        ))}
      </ul>
      {copies.data?.data.length === 0 ? <p>None.</p> : null}
      <details>
        <summary>Attach {kind}</summary>
        <ActionForm
          label={`Attach ${kind}`}
          submit={`Attach ${kind}`}
          action={async (form) => {
            await api('POST', `${base}/attach`, { data: { [kind]: chosen(form, kind) } });
            onChange();
          }}
        >
          <Choices kind={kind} legend={`${title} to attach (each is copied into the offering)`} />
        </ActionForm>
      </details>
    </section>
  );
};

export const OfferingPage = ({ id }: { id: string }) => {
  const [round, setRound] = useState(0);
  const offering = useLoad<{ data: CatalogueItem }>(`${SUBSCRIPTIONS}/offerings/${encodeURIComponent(id)}`, round);
  const changed = () => setRound((r) => r + 1);
  return (
    <>
      <p>
        <a href={href('catalogue')}>← Catalogue</a>
      </p>
      <Problems error={offering.error} />
      {offering.data === undefined ? null : (
        <>
          <h1>{offering.data.data.attributes.name}</h1>
          <p>{offering.data.data.attributes.description}</p>
          <p>
            Changes make a new version of the offering; existing subscriptions keep the version they were made from.
          </p>
          <OfferingEdit
            item={offering.data.data}
            path={`${SUBSCRIPTIONS}/offerings/${encodeURIComponent(id)}`}
            onDone={changed}
          />
          <OfferingProration offering={id} />
          <Copies offering={id} kind="products" round={round} onChange={changed} />
          <Copies offering={id} kind="plans" round={round} onChange={changed} />
        </>
      )}
    </>
  );
};
