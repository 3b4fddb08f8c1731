/**
 * A small storefront, as EPCC's subscriptions example builds one, running in the browser on an origin of its own:
 * it signs a shopper up or in through `@epcc-sdk/sdks-shopper` (which fetches its implicit token by itself), then
 * lists the shopper's subscriptions with their invoices and payments and cancels one. The
 * service's address and the store's public ids come in the page's `#config` (see this folder's README).
 */
import {
  createShopperClient,
  createSubscriptionState,
  listSubscriptionInvoicePayments,
  listSubscriptionInvoices,
  listSubscriptions,
  postV2AccountMembersTokens,
} from '@epcc-sdk/sdks-shopper';

interface StorefrontConfig {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly passwordProfileId: string;
}

const config = JSON.parse(document.getElementById('config')?.textContent ?? '{}') as StorefrontConfig;
const { client } = createShopperClient({ baseUrl: config.baseUrl }, { clientId: config.clientId });

/** The account member token of the signed-in shopper: kept in memory only, so a reload signs out. */
let memberToken: string | undefined;
const memberHeaders = (): Record<string, string> => ({
  'EP-Account-Management-Authentication-Token': memberToken ?? '',
});

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the page has no #${id}`);
  return element as T;
};

const say = (text: string): void => {
  byId('status').textContent = text;
};

const field = (form: HTMLFormElement, name: string): string => String(new FormData(form).get(name) ?? '');

/** What the shopper reads about a subscription, in the order EPCC's example tells its states apart. */
const stateOf = (meta: Record<string, unknown> | undefined): string => {
  if (meta?.['canceled']) return 'Canceled';
  if (meta?.['paused']) return 'Paused';
  if (meta?.['pending']) return 'Pending';
  if (meta?.['suspended']) return 'Suspended';
  return meta?.['status'] === 'active' ? 'Active' : 'Inactive';
};

const errorText = (error: unknown): string => {
  const errors = (error as { errors?: { title?: string; detail?: string }[] } | undefined)?.errors;
  return errors?.map((e) => e.detail ?? e.title).join('; ') ?? 'the request failed';
};

const signIn = async (body: Record<string, string>): Promise<void> => {
  const answer = await postV2AccountMembersTokens({
    client,
    body: { data: { type: 'account_management_authentication_token', ...body } as never },
  });
  const token = answer.data?.data?.[0];
  if (answer.error !== undefined || token?.token === undefined) {
    say(`Sign-in failed: ${errorText(answer.error)}`);
    return;
  }
  memberToken = token.token;
  byId('account').textContent = token.account_name ?? '';
  byId('account').dataset['accountId'] = token.account_id ?? '';
  await showSubscriptions();
};

const paymentsOf = async (subscriptionId: string, invoiceId: string): Promise<HTMLElement> => {
  const list = document.createElement('ul');
  list.className = 'payments';
  const answer = await listSubscriptionInvoicePayments({
    client,
    headers: memberHeaders(),
    path: { subscription_uuid: subscriptionId, invoice_uuid: invoiceId },
  });
  for (const payment of answer.data?.data ?? []) {
    const item = document.createElement('li');
    item.dataset['paymentId'] = payment.id ?? '';
    const amount = payment.attributes?.amount;
    item.textContent = `Payment ${amount?.amount ?? '?'} ${amount?.currency ?? ''}: ${payment.attributes?.success ? 'succeeded' : 'failed'}`;
    list.append(item);
  }
  return list;
};

const invoicesOf = async (subscriptionId: string): Promise<HTMLElement> => {
  const list = document.createElement('ul');
  list.className = 'invoices';
  const answer = await listSubscriptionInvoices({
    client,
    headers: memberHeaders(),
    path: { subscription_uuid: subscriptionId },
  });
  for (const invoice of answer.data?.data ?? []) {
    const item = document.createElement('li');
    item.dataset['invoiceId'] = invoice.id ?? '';
    const attributes = invoice.attributes;
    item.textContent = `Invoice ${attributes?.number ?? ''}: ${attributes?.outstanding ? 'outstanding' : 'paid'}`;
    item.append(await paymentsOf(subscriptionId, invoice.id ?? ''));
    list.append(item);
  }
  return list;
};

const cancel = async (subscriptionId: string): Promise<void> => {
  const answer = await createSubscriptionState({
    client,
    headers: memberHeaders(),
    path: { subscription_uuid: subscriptionId },
    body: { data: { type: 'subscription_state', attributes: { action: 'cancel' } } },
  });
  if (answer.error !== undefined) {
    say(`Cancel failed: ${errorText(answer.error)}`);
    return;
  }
  await showSubscriptions();
};

const showSubscriptions = async (): Promise<void> => {
  const answer = await listSubscriptions({
    client,
    headers: memberHeaders(),
    query: { include: ['plans', 'pricing_options'] } as never,
  });
  if (answer.error !== undefined) {
    say(`Could not list subscriptions: ${errorText(answer.error)}`);
    return;
  }
  const list = byId('subscriptions');
  list.replaceChildren();
  const plans = (answer.data?.included as { plans?: { id: string; attributes?: { name?: string } }[] } | undefined)
    ?.plans;
  for (const subscription of answer.data?.data ?? []) {
    const id = subscription.id ?? '';
    const item = document.createElement('li');
    item.dataset['subscriptionId'] = id;
    const plan = plans?.find((p) => p.id === subscription.attributes?.plan_id);
    const title = document.createElement('span');
    title.className = 'name';
    title.textContent = plan?.attributes?.name ?? id;
    const state = document.createElement('span');
    state.className = 'state';
    state.textContent = stateOf(subscription.meta as Record<string, unknown> | undefined);
    item.append(title, ' ', state);
    if (state.textContent === 'Active') {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Cancel';
      button.addEventListener('click', () => void cancel(id));
      item.append(' ', button);
    }
    item.append(await invoicesOf(id));
    list.append(item);
  }
  say(`${answer.data?.data?.length ?? 0} subscriptions`);
};

byId<HTMLFormElement>('signup').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  void signIn({
    authentication_mechanism: 'self_signup',
    password_profile_id: config.passwordProfileId,
    name: field(form, 'name'),
    email: field(form, 'email'),
    username: field(form, 'email'),
    password: field(form, 'password'),
  });
});

byId<HTMLFormElement>('signin').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  void signIn({
    authentication_mechanism: 'password',
    password_profile_id: config.passwordProfileId,
    username: field(form, 'email'),
    password: field(form, 'password'),
  });
});

byId<HTMLButtonElement>('refresh').addEventListener('click', () => void showSubscriptions());
say('Ready');
