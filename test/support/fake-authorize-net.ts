import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthorizeNetSettings } from '../../src/adapters/config/authorize-net-settings.js';
import { LoopbackServer } from './loopback-server.js';

/**
 * A stand-in for Authorize.Net's JSON API (`POST /xml/v1/request.api`) on loopback, built from its API
 * reference: one request object named by its single key, `merchantAuthentication` checked first (E00007),
 * the schema's element order enforced in `transactionRequest` (E00003), answers as JSON preceded by a UTF-8
 * byte order mark, `createTransactionRequest` against customer payment profiles (`authCaptureTransaction`,
 * responseCode 1 approved, 2 declined, 3 error, 4 held for review; the `duplicateWindow` refusal, error 11)
 * and `getTransactionListForCustomerRequest` (the profile's transactions, newest first, paged; I00004 when
 * none). Refunds too: `refundTransaction` of a settled charge to its payment profile (error 54 for an
 * unsettled one, 55 past what is left of it), `voidTransaction` of an unsettled one (the charge `voided`),
 * `getTransactionDetailsRequest` (a transaction's status and profile; E00040 for an unknown one), and
 * `settle` to close a charge's batch. It remembers every transaction and counts charges and refunds.
 */

/** What the fake does for a payment profile (on charges) or a customer profile (on every request) named in a script. */
export type AuthorizeNetBehaviour =
  /** responseCode 2, error 2 "This transaction has been declined."; a declined transaction, nothing charged. */
  | { readonly kind: 'decline' }
  /** responseCode 4: charged, held by the fraud filters (`FDSPendingReview`). */
  | { readonly kind: 'held_for_review' }
  /** E00007, whatever the credentials, before anything is done. */
  | { readonly kind: 'bad_credentials' }
  /** E00040 "The record cannot be found.", nothing charged. */
  | { readonly kind: 'profile_not_found' }
  /** A 500 before anything is done. */
  | { readonly kind: 'server_error' }
  /** No answer at all: the request waits until the client gives up. */
  | { readonly kind: 'hang' }
  /** Charged, then the connection is dropped before the answer. */
  | { readonly kind: 'lose_answer' }
  /** Charged and answered, but not listed by lookups yet, as Authorize.Net's reporting can lag. */
  | { readonly kind: 'unlisted' };

/** One transaction the fake remembers. */
export interface FakeTransaction {
  readonly transId: string;
  readonly login: string;
  readonly amount: string;
  readonly currencyCode: string | undefined;
  readonly customerProfileId: string;
  readonly paymentProfileId: string;
  readonly invoiceNumber: string | undefined;
  readonly description: string | undefined;
  readonly refId: string | undefined;
  readonly status: FakeStatus;
  readonly submittedAt: number;
  readonly listed: boolean;
  /** A refund's charge. */
  readonly refTransId?: string;
}

type FakeStatus =
  | 'capturedPendingSettlement'
  | 'settledSuccessfully'
  | 'voided'
  | 'FDSPendingReview'
  | 'declined'
  | 'refundPendingSettlement';

const REFUND_STATUSES: readonly FakeStatus[] = ['refundPendingSettlement'];

export interface FakeMerchant {
  readonly login: string;
  readonly transactionKey: string;
}

type Json = Readonly<Record<string, unknown>>;

/** `transactionRequestType`'s elements in the order of Authorize.Net's schema. */
const TRANSACTION_REQUEST_ORDER = [
  'transactionType',
  'amount',
  'currencyCode',
  'payment',
  'profile',
  'solution',
  'callId',
  'terminalNumber',
  'authCode',
  'refTransId',
  'splitTenderId',
  'order',
  'lineItems',
  'tax',
  'duty',
  'shipping',
  'taxExempt',
  'poNumber',
  'customer',
  'billTo',
  'shipTo',
  'customerIP',
  'cardholderAuthentication',
  'retail',
  'employeeId',
  'transactionSettings',
  'userFields',
];
/** Authorize.Net's window when a request sets none, in seconds. */
const DEFAULT_DUPLICATE_WINDOW = 120;

const messages = (resultCode: 'Ok' | 'Error', code: string, text: string) => ({
  resultCode,
  message: [{ code, text }],
});
const refusal = (code: string, text: string, refId?: unknown): Json => ({
  ...(typeof refId === 'string' ? { refId } : {}),
  messages: messages('Error', code, text),
});
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

export class FakeAuthorizeNet extends LoopbackServer {
  readonly transactions: FakeTransaction[] = [];
  /** Every request that reached the fake, answered or not. */
  requests = 0;
  /** Every lookup (`getTransactionListForCustomerRequest`) that reached the fake. */
  lookups = 0;
  private readonly behaviours = new Map<string, AuthorizeNetBehaviour>();
  private nextTransId = 40_000_000_001;

  constructor(private readonly merchants: readonly FakeMerchant[]) {
    super();
  }

  /** The gateway's settings to reach this fake, waiting `timeoutMs` for an answer. */
  settings(timeoutMs: number): AuthorizeNetSettings {
    return { origin: { protocol: 'http', host: '127.0.0.1', port: this.port }, timeoutMs };
  }

  /** The charges taken: approved or held for review, settled or voided since. */
  get charges(): readonly FakeTransaction[] {
    return this.transactions.filter((t) => t.refTransId === undefined && t.status !== 'declined');
  }

  /** The refunds given back: each a transaction of its own, referring to its charge. */
  get refunds(): readonly FakeTransaction[] {
    return this.transactions.filter((t) => REFUND_STATUSES.includes(t.status));
  }

  /** The transaction of this id, as it stands. */
  transaction(transId: string | undefined): FakeTransaction | undefined {
    return this.transactions.find((t) => t.transId === transId);
  }

  /** Closes the charge's batch, as Authorize.Net does once a day: it can be refunded, no longer voided. */
  settle(transId: string): void {
    this.restate(transId, 'settledSuccessfully');
  }

  private restate(transId: string, status: FakeStatus): void {
    const at = this.transactions.findIndex((t) => t.transId === transId);
    const found = this.transactions[at];
    if (found === undefined) throw new Error(`no transaction ${transId}`);
    this.transactions[at] = { ...found, status };
  }

  /** Scripts what a payment or customer profile does from now on; undefined lets it succeed again. */
  script(profileId: string, behaviour: AuthorizeNetBehaviour | undefined): void {
    if (behaviour === undefined) this.behaviours.delete(profileId);
    else this.behaviours.set(profileId, behaviour);
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/xml/v1/request.api') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      return;
    }
    let body: Json;
    try {
      body = record(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      return send(res, refusal('E00003', 'The request is not valid JSON.'));
    }
    const [name, ...others] = Object.keys(body);
    const request = record(body[name ?? '']);
    if (name === undefined || others.length > 0)
      return send(res, refusal('E00003', 'The request must hold exactly one root element.'));
    const behaviour = this.behaviourOf(name, request);
    if (behaviour?.kind === 'hang') return;
    if (behaviour?.kind === 'server_error') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>500 Internal Server Error</h1>');
      return;
    }
    const auth = record(request['merchantAuthentication']);
    const merchant = this.merchants.find(
      (m) => m.login === auth['name'] && m.transactionKey === auth['transactionKey'],
    );
    if (merchant === undefined || behaviour?.kind === 'bad_credentials')
      return send(
        res,
        refusal('E00007', 'User authentication failed due to invalid authentication values.', request['refId']),
      );
    if (behaviour?.kind === 'profile_not_found')
      return send(res, refusal('E00040', 'The record cannot be found.', request['refId']));
    switch (name) {
      case 'getTransactionListForCustomerRequest':
        this.lookups += 1;
        return send(res, this.list(merchant, request));
      case 'getTransactionDetailsRequest':
        return send(res, this.details(merchant, request));
      case 'createTransactionRequest': {
        const answer = this.transact(merchant, request, behaviour);
        if (behaviour?.kind === 'lose_answer' && answer.charged) {
          res.socket?.destroy();
          return;
        }
        return send(res, answer.body);
      }
      default:
        return send(
          res,
          refusal(
            'E00003',
            `The element '${name}' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd' is not known.`,
          ),
        );
    }
  }

  /** By the profiles a request names, or those of the transaction it refers to (a void, a transaction's details). */
  private behaviourOf(name: string, request: Json): AuthorizeNetBehaviour | undefined {
    const transaction = record(request['transactionRequest']);
    const profile = record(transaction['profile']);
    const referred = this.transaction(String(transaction['refTransId'] ?? request['transId'] ?? ''));
    const customer = String(
      profile['customerProfileId'] ?? request['customerProfileId'] ?? referred?.customerProfileId ?? '',
    );
    const payment = String(record(profile['paymentProfile'])['paymentProfileId'] ?? referred?.paymentProfileId ?? '');
    const byPayment = name === 'createTransactionRequest' ? this.behaviours.get(payment) : undefined;
    return byPayment ?? this.behaviours.get(customer);
  }

  /** The customer profile's transactions, newest first, one page of them. */
  private list(merchant: FakeMerchant, request: Json): Json {
    const customerProfileId = request['customerProfileId'];
    if (typeof customerProfileId !== 'string')
      return refusal('E00003', "The element 'getTransactionListForCustomerRequest' has incomplete content.");
    const paging = record(request['paging']);
    const limit = Number(paging['limit'] ?? 1000);
    const offset = Number(paging['offset'] ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isInteger(offset) || offset < 1)
      return refusal('E00003', "The 'paging' element is invalid.");
    const mine = this.transactions
      .filter((t) => t.login === merchant.login && t.customerProfileId === customerProfileId && t.listed)
      .sort((a, b) => b.submittedAt - a.submittedAt || b.transId.localeCompare(a.transId));
    const page = mine.slice((offset - 1) * limit, offset * limit);
    if (page.length === 0) return { totalNumInResultSet: 0, messages: messages('Ok', 'I00004', 'No records found.') };
    return {
      transactions: page.map((t) => ({
        transId: t.transId,
        submitTimeUTC: new Date(t.submittedAt).toISOString().replace(/\.\d+Z$/, 'Z'),
        submitTimeLocal: new Date(t.submittedAt).toISOString().replace(/\.\d+Z$/, ''),
        transactionStatus: t.status,
        ...(t.invoiceNumber === undefined ? {} : { invoiceNumber: t.invoiceNumber }),
        accountType: 'Visa',
        accountNumber: 'XXXX1111',
        settleAmount: Number(t.amount),
        marketType: 'eCommerce',
        product: 'Card Not Present',
        profile: { customerProfileId: t.customerProfileId, customerPaymentProfileId: t.paymentProfileId },
      })),
      totalNumInResultSet: mine.length,
      messages: messages('Ok', 'I00001', 'Successful.'),
    };
  }

  /** One transaction of the merchant's: its status, amounts and the customer payment profile it was made with. */
  private details(merchant: FakeMerchant, request: Json): Json {
    const found = this.transaction(String(request['transId'] ?? ''));
    if (found === undefined || found.login !== merchant.login) return refusal('E00040', 'The record cannot be found.');
    return {
      transaction: {
        transId: found.transId,
        ...(found.refTransId === undefined ? {} : { refTransId: found.refTransId }),
        submitTimeUTC: new Date(found.submittedAt).toISOString(),
        transactionType: found.refTransId === undefined ? 'authCaptureTransaction' : 'refundTransaction',
        transactionStatus: found.status,
        responseCode: found.status === 'declined' ? 2 : 1,
        authAmount: Number(found.amount),
        settleAmount: found.status === 'voided' ? 0 : Number(found.amount),
        ...(found.invoiceNumber === undefined ? {} : { order: { invoiceNumber: found.invoiceNumber } }),
        profile: { customerProfileId: found.customerProfileId, customerPaymentProfileId: found.paymentProfileId },
        marketType: 'eCommerce',
        product: 'Card Not Present',
      },
      messages: messages('Ok', 'I00001', 'Successful.'),
    };
  }

  /** Charges a customer payment profile as Authorize.Net would for this behaviour. */
  private transact(
    merchant: FakeMerchant,
    request: Json,
    behaviour: AuthorizeNetBehaviour | undefined,
  ): { readonly body: Json; readonly charged: boolean } {
    const refId = request['refId'];
    const invalid = (text: string) => ({ body: refusal('E00003', text, refId), charged: false });
    if (typeof refId === 'string' && refId.length > 20)
      return invalid(`The 'refId' element is invalid - the actual length is greater than the MaxLength value.`);
    const transaction = record(request['transactionRequest']);
    const order = Object.keys(transaction).map((key) => TRANSACTION_REQUEST_ORDER.indexOf(key));
    if (order.some((index, i) => index < 0 || (i > 0 && index < (order[i - 1] ?? 0))))
      return invalid(`The element 'transactionRequest' has invalid child element order: ${Object.keys(transaction)}.`);
    const type = transaction['transactionType'];
    if (type === 'voidTransaction') return this.void(refId, transaction);
    if (type !== 'authCaptureTransaction' && type !== 'refundTransaction')
      return invalid('This stand-in takes authCaptureTransaction, refundTransaction and voidTransaction alone.');
    const amount = transaction['amount'];
    if (typeof amount !== 'string' || !/^\d{1,15}(\.\d{1,4})?$/.test(amount) || Number(amount) <= 0)
      return invalid(`The 'amount' element is invalid - the value '${String(amount)}' is invalid.`);
    const profile = record(transaction['profile']);
    const customerProfileId = profile['customerProfileId'];
    const paymentProfileId = record(profile['paymentProfile'])['paymentProfileId'];
    if (typeof customerProfileId !== 'string' || typeof paymentProfileId !== 'string')
      return invalid("The element 'profile' has incomplete content.");
    const orderOf = record(transaction['order']);
    const invoiceNumber = orderOf['invoiceNumber'];
    if (typeof invoiceNumber === 'string' && invoiceNumber.length > 20)
      return invalid(`The 'invoiceNumber' element is invalid - the actual length is greater than the MaxLength value.`);
    const refTransId = transaction['refTransId'];
    const refunded = type === 'refundTransaction' ? this.refundable(merchant, refTransId, amount) : undefined;
    if (refunded !== undefined && refunded.error !== undefined)
      return { body: answer(refId, '3', '0', { errors: [refunded.error] }), charged: false };
    const window = duplicateWindowOf(transaction);
    const now = Date.now();
    const duplicate = this.transactions.find(
      (t) =>
        t.login === merchant.login &&
        t.paymentProfileId === paymentProfileId &&
        t.amount === amount &&
        t.invoiceNumber === invoiceNumber &&
        now - t.submittedAt < window * 1000,
    );
    if (duplicate !== undefined)
      return {
        body: answer(refId, '3', '0', {
          errors: [{ errorCode: '11', errorText: 'A duplicate transaction has been submitted.' }],
        }),
        charged: false,
      };
    const status: FakeStatus =
      behaviour?.kind === 'decline'
        ? 'declined'
        : behaviour?.kind === 'held_for_review'
          ? 'FDSPendingReview'
          : refunded !== undefined
            ? 'refundPendingSettlement'
            : 'capturedPendingSettlement';
    const transId = String(this.nextTransId++);
    this.transactions.push({
      transId,
      login: merchant.login,
      amount,
      currencyCode: typeof transaction['currencyCode'] === 'string' ? transaction['currencyCode'] : undefined,
      customerProfileId,
      paymentProfileId,
      invoiceNumber: typeof invoiceNumber === 'string' ? invoiceNumber : undefined,
      description: typeof orderOf['description'] === 'string' ? orderOf['description'] : undefined,
      refId: typeof refId === 'string' ? refId : undefined,
      status,
      submittedAt: now,
      listed: behaviour?.kind !== 'unlisted',
      ...(refunded === undefined ? {} : { refTransId: String(refTransId) }),
    });
    const profileEcho = { profile: { customerProfileId, customerPaymentProfileId: paymentProfileId } };
    if (status === 'declined')
      return {
        body: answer(refId, '2', transId, {
          errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
          ...profileEcho,
        }),
        charged: false,
      };
    const held = status === 'FDSPendingReview';
    return {
      body: answer(refId, held ? '4' : '1', transId, {
        messages: [
          held
            ? { code: '252', description: 'Your order has been received. Thank you for your business!' }
            : { code: '1', description: 'This transaction has been approved.' },
        ],
        ...profileEcho,
      }),
      charged: true,
    };
  }

  /**
   * Whether a refund of `amount` of the charge `refTransId` may be given: error 16 for no such charge, 54
   * for one not settled (it can only be voided), 55 past what earlier refunds left of it.
   */
  private refundable(
    merchant: FakeMerchant,
    refTransId: unknown,
    amount: string,
  ): { readonly error?: { readonly errorCode: string; readonly errorText: string } } {
    const charge = this.transaction(typeof refTransId === 'string' ? refTransId : undefined);
    if (charge === undefined || charge.login !== merchant.login || charge.refTransId !== undefined)
      return { error: { errorCode: '16', errorText: 'The transaction cannot be found.' } };
    if (charge.status !== 'settledSuccessfully')
      return {
        error: {
          errorCode: '54',
          errorText: 'The referenced transaction does not meet the criteria for issuing a credit.',
        },
      };
    const given = this.refunds
      .filter((r) => r.refTransId === charge.transId)
      .reduce((sum, r) => sum + Math.round(Number(r.amount) * 10_000), 0);
    if (given + Math.round(Number(amount) * 10_000) > Math.round(Number(charge.amount) * 10_000))
      return {
        error: {
          errorCode: '55',
          errorText: 'The sum of credits against the referenced transaction would exceed original debit amount.',
        },
      };
    return {};
  }

  /** Voids an unsettled charge whole: its status becomes `voided`; the answer names the charge's transId. */
  private void(refId: unknown, transaction: Json): { readonly body: Json; readonly charged: boolean } {
    const charge = this.transaction(String(transaction['refTransId'] ?? ''));
    if (charge === undefined || charge.refTransId !== undefined)
      return {
        body: answer(refId, '3', '0', { errors: [{ errorCode: '16', errorText: 'The transaction cannot be found.' }] }),
        charged: false,
      };
    if (charge.status !== 'capturedPendingSettlement')
      return {
        body: answer(refId, '3', charge.transId, {
          errors: [{ errorCode: '16', errorText: 'The transaction cannot be found.' }],
        }),
        charged: false,
      };
    this.restate(charge.transId, 'voided');
    return {
      body: answer(refId, '1', charge.transId, {
        messages: [{ code: '1', description: 'This transaction has been approved.' }],
      }),
      charged: true,
    };
  }
}

const duplicateWindowOf = (transaction: Json): number => {
  const settings = record(transaction['transactionSettings'])['setting'];
  const window = (Array.isArray(settings) ? settings : [])
    .map(record)
    .find((s) => s['settingName'] === 'duplicateWindow')?.['settingValue'];
  return window === undefined ? DEFAULT_DUPLICATE_WINDOW : Number(window);
};

/** A `createTransactionResponse`: `Ok` for responseCodes 1 and 4, `Error` E00027 for the others, as documented. */
const answer = (refId: unknown, responseCode: string, transId: string, extra: Json): Json => {
  const ok = responseCode === '1' || responseCode === '4';
  return {
    transactionResponse: {
      responseCode,
      authCode: ok ? 'HH5414' : '',
      avsResultCode: 'Y',
      cvvResultCode: '',
      cavvResultCode: '',
      transId,
      refTransID: '',
      transHash: '',
      testRequest: '0',
      accountNumber: 'XXXX1111',
      accountType: 'Visa',
      ...extra,
      transHashSha2: '',
    },
    ...(typeof refId === 'string' ? { refId } : {}),
    messages: ok
      ? messages('Ok', 'I00001', 'Successful.')
      : messages('Error', 'E00027', 'The transaction was unsuccessful.'),
  };
};

/** Authorize.Net answers 200 with JSON preceded by a UTF-8 byte order mark, whatever the outcome. */
const send = (res: ServerResponse, body: Json): void => {
  const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(body), 'utf8')]);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
  res.end(bytes);
};
