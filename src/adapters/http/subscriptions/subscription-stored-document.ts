import type { SubscriptionDocuments } from '../../../application/ports/subscriptions/subscription-documents.js';
import type { ListedSubscription } from '../../../application/ports/subscriptions/subscription-repository.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import { OFFERING_PLAN_TYPE } from '../../../domain/catalogue/offering.js';
import { shownOn2025Wire } from '../../../domain/subscriptions/payment-authority.js';
import { pendingAmong, pendingCandidates } from '../../../domain/subscriptions/price-changes.js';
import {
  endDateOf,
  type StandingTimes,
  SUBSCRIPTION_TYPE,
  type Subscription,
  standingFrom,
  standingTimesOf,
} from '../../../domain/subscriptions/subscription.js';
import { subscriptionProducts } from '../../../domain/subscriptions/subscription-copies.js';
import { PRICING_OPTION_TYPE } from '../catalogue/offering-2025-documents.js';
import type { JsonBytes } from '../documents/json-bytes.js';
import { formatTimestamp } from '../timestamps.js';
import { priceChangesText, sharedOffering2025 } from './subscription-2025-documents.js';
import { sharedOfferingResource, stateResource } from './subscription-documents.js';

/**
 * A subscription's stored document: the text of its resource on both wires (2024's and 2025's), cut where
 * what it leaves out goes, the pieces joined by a control character, which JSON text never holds raw (every
 * one is escaped in a string). In order:
 *
 * 0 the format (`v2`); 1–3 its standing times (`pendingUntil`, `canceledOutAt`, `runsOutAt`: empty for none,
 * milliseconds since the epoch, or `go_live`); then the JSON text between the holes, 2024's and 2025's where
 * they differ:
 *
 *   2024: [4] offering [5] status [8] [9] status [11] closed ,"pending": pending [12] invoice_after [13] }}
 *   2025: [6] offering [7] status [8] [10] status [11] closed ,"pending": pending [12] invoice_after [13] [15+i] }}
 *
 * The holes are the offering version's document (shared, encoded once per version), the standing at the
 * moment of reading (the clock, the store's test clock included), and the row's `inactive` and
 * `invoice_after`, which billing and payment runs write in bulk without the rest of the subscription.
 * Which price change is pending on the 2025 wire depends on `invoice_after` too (`pendingAmong`): [14] holds
 * the `from` of each change that may be (milliseconds, comma-separated, oldest first), and [15+i] the end of
 * the 2025 document with the i-th of them pending, the last with none.
 * A change to either resource's text is a new format: documents of an older one are made again when read.
 */
const FORMAT = 'v2';
const CUT = '\u0001';
/** The pieces of a document with no price change that may be pending. */
const PIECES = 16;

const quoted = (text: string): string => JSON.stringify(text);
const time = (date: Date): string => `"${formatTimestamp(date)}"`;
const optionalTime = (name: string, date: Date | undefined): string =>
  date === undefined ? '' : `,"${name}":${time(date)}`;
const instant = (date: Date | 'go_live' | undefined): string =>
  date === undefined ? '' : date === 'go_live' ? date : `${date.getTime()}`;
const instantOf = (text: string): Date | undefined => (text === '' ? undefined : new Date(Number(text)));

const render = (subscription: Subscription, offering: Offering): string => {
  const plan = offering.plans.find((p) => p.id === subscription.planId);
  const times = standingTimesOf(subscription, plan?.attributes);
  const { timestamps, flags } = subscription;
  const id = quoted(subscription.id);
  const planId = quoted(subscription.planId);
  const state = subscription.state === undefined ? '' : `,"state":${JSON.stringify(stateResource(subscription.state))}`;
  const authority = subscription.paymentAuthority;
  const externalRef = subscription.externalRef === undefined ? undefined : quoted(subscription.externalRef);
  const address = subscription.addressId === undefined ? '' : `,"address_id":${quoted(subscription.addressId)}`;
  const accountId = quoted(subscription.accountId);
  const toStatus = `${address}${optionalTime('go_live_after', subscription.goLiveAfter)},"status":"`;
  const offeringData = `{"offering":{"data":{"id":${quoted(offering.id)},"type":"subscription_offering"}}`;
  const held = subscriptionProducts(subscription, offering);
  const first = held[0];
  const candidates = pendingCandidates(subscription);
  return [
    FORMAT,
    instant(times.pendingUntil),
    instant(times.canceledOutAt),
    instant(times.runsOutAt),
    `{"id":${id},"type":${quoted(SUBSCRIPTION_TYPE)},"attributes":{${
      externalRef === undefined ? '' : `"external_ref":${externalRef},`
    }"account_id":${accountId},"offering":`,
    `,"plan_id":${planId},"currency":${quoted(subscription.currency)},"payment_authority":${JSON.stringify(authority)}${toStatus}`,
    `{"id":${id},"type":${quoted(SUBSCRIPTION_TYPE)},"attributes":{"offering":`,
    `${externalRef === undefined ? '' : `,"external_ref":${externalRef}`},"account_id":${accountId},"currency":${quoted(subscription.currency)}${toStatus}`,
    `"${state},"name":${quoted(subscription.name)},"email":${quoted(subscription.email)}`,
    `},"relationships":${offeringData},"plans":{"data":[{"id":${planId},"type":"subscription_offering_plan"}]}},"meta":{"owner":"store","status":"`,
    `${first === undefined ? '' : `,"plan_id":${quoted(first.id)}`},"pricing_option_id":${planId}${
      shownOn2025Wire(authority) ? `,"payment_authority":${JSON.stringify(authority)}` : ''
    }},"relationships":${offeringData},"plans":{"data":[${held
      .map((product) => `{"id":${quoted(product.id)},"type":${quoted(OFFERING_PLAN_TYPE)}}`)
      .join(
        ',',
      )}]},"pricing_options":{"data":[{"id":${planId},"type":${quoted(PRICING_OPTION_TYPE)}}]}},"meta":{"owner":"store","status":"`,
    `"${state},"canceled":${flags.canceled},"paused":${flags.paused},"closed":`,
    `,"suspended":${flags.suspended},"invoice_after":"`,
    `","manual_payments":${subscription.manualPayments},"timestamps":{"created_at":${time(timestamps.createdAt)},"updated_at":${time(timestamps.updatedAt)}${optionalTime('canceled_at', timestamps.canceledAt)}${optionalTime('paused_at', timestamps.pausedAt)}${optionalTime('resumed_at', timestamps.resumedAt)}${optionalTime('end_date', endDateOf(subscription, plan?.attributes))}}`,
    candidates.map((change) => `${change.from.getTime()}`).join(','),
    ...[...candidates, undefined].map(
      (pending) =>
        `,"first_invoice_prepaid":false${
          flags.paused && subscription.pausedBy !== undefined ? `,"paused_by":${quoted(subscription.pausedBy)}` : ''
        }${priceChangesText(subscription, pending)}`,
    ),
  ].join(CUT);
};

/** How every document of this format begins. */
const HEAD = `${FORMAT}${CUT}`;

/** Made by the HTTP adapter, which owns the resources' text; kept by whichever storage the service runs on. */
export const storedSubscriptionDocuments: SubscriptionDocuments = {
  render,
  format: HEAD,
  isCurrent: (document) => document.startsWith(HEAD),
};

/** The `from` of each price change that may be pending ([14]), oldest first. */
const candidatesOf = (pieces: readonly string[]): readonly { readonly from: Date }[] =>
  pieces[14] === undefined || pieces[14] === ''
    ? []
    : pieces[14].split(',').map((from) => ({ from: new Date(Number(from)) }));

/** A stored document's pieces and its price changes' candidates, each read once; refused if not of this format. */
const piecesOf = (
  listed: ListedSubscription,
): { readonly pieces: readonly string[]; readonly candidates: readonly { readonly from: Date }[] } => {
  const pieces = listed.document.split(CUT);
  const candidates = candidatesOf(pieces);
  if (pieces[0] !== FORMAT || pieces.length !== PIECES + candidates.length)
    throw new Error(`the stored document of subscription ${listed.id} is not of format ${FORMAT}`);
  return { pieces, candidates };
};

/** The end of the 2025 document with the change `pendingAmong` finds pending at `invoiceAfter`. */
const tail2025 = (
  pieces: readonly string[],
  candidates: readonly { readonly from: Date }[],
  invoiceAfter: Date,
): string => {
  const pending = pendingAmong(candidates, invoiceAfter);
  return pieces[15 + (pending === undefined ? candidates.length : candidates.indexOf(pending))] ?? '';
};

const timesOf = (pieces: readonly string[]): StandingTimes => ({
  pendingUntil: pieces[1] === 'go_live' ? 'go_live' : instantOf(pieces[1] ?? ''),
  canceledOutAt: instantOf(pieces[2] ?? ''),
  runsOutAt: instantOf(pieces[3] ?? ''),
});

/**
 * Writes a listed subscription's resource on `generation`'s wire at `now`, byte for byte the JSON of
 * `subscriptionResource` (or `subscription2025Resource`) of the subscription it was made from: its stored
 * text with the holes filled, never parsed or encoded again.
 */
export const writeStoredSubscription = (
  out: JsonBytes,
  listed: ListedSubscription,
  offering: Offering,
  now: Date,
  generation: '2024' | '2025',
): void => {
  const { pieces, candidates } = piecesOf(listed);
  const { pending, closed, status } = standingFrom(timesOf(pieces), listed.inactive, now);
  const on2025 = generation === '2025';
  out
    .text(pieces[on2025 ? 6 : 4] ?? '')
    .document(on2025 ? sharedOffering2025(offering) : sharedOfferingResource(offering))
    .text(
      `${pieces[on2025 ? 7 : 5]}${status}${pieces[8]}${pieces[on2025 ? 10 : 9]}${status}${pieces[11]}${closed},"pending":${pending}${pieces[12]}${formatTimestamp(listed.invoiceAfter)}${pieces[13]}${on2025 ? tail2025(pieces, candidates, listed.invoiceAfter) : ''}}}`,
    );
};

/** Writes a page's subscriptions, comma-separated, each offering version as the page loaded it. */
export const writeStoredSubscriptions = (
  out: JsonBytes,
  items: readonly ListedSubscription[],
  offerings: ReadonlyMap<string, Offering>,
  now: Date,
  generation: '2024' | '2025',
): void => {
  items.forEach((listed, i) => {
    const offering = offerings.get(listed.offeringVersionId);
    if (offering === undefined) throw new Error(`offering version ${listed.offeringVersionId} was not loaded`);
    if (i > 0) out.text(',');
    writeStoredSubscription(out, listed, offering, now, generation);
  });
};
