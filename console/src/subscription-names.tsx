import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from './api';
import { SUBSCRIPTIONS, type Subscription } from './resources';
import { href } from './route';

/** The name a subscription is known by: its own, else its subscriber's email. */
const nameOf = (s: Subscription): string => (s.attributes.name === '' ? s.attributes.email : s.attributes.name);

/** A subscription's name by its id, read from the API at most once however many rows name it. */
export type SubscriptionNames = (id: string) => Promise<string | undefined>;

/**
 * Invoices carry only their subscription's id, and the API includes nothing with them: a list reads each
 * subscription it shows once (a page of invoices often bills the same subscription month after month).
 */
export const useSubscriptionNames = (): SubscriptionNames =>
  useMemo(() => {
    const read = new Map<string, Promise<string | undefined>>();
    return (id) => {
      let name = read.get(id);
      if (name === undefined) {
        name = api<{ data: Subscription }>('GET', `${SUBSCRIPTIONS}/subscriptions/${id}`).then(
          (answer) => nameOf(answer.body.data),
          // Unreadable (gone, or the role may not read it): the row keeps the id's first characters.
          () => undefined,
        );
        read.set(id, name);
      }
      return name;
    };
  }, []);

/** A link to a subscription named by its name once read, by the first characters of its id until then. */
export const SubscriptionLink = ({ id, names }: { id: string; names: SubscriptionNames }) => {
  const [name, setName] = useState<string>();
  useEffect(() => {
    let live = true;
    setName(undefined);
    names(id).then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, [id, names]);
  return <a href={href(`subscriptions/${id}`)}>{name ?? `${id.slice(0, 8)}…`}</a>;
};
