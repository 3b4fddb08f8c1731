/** One webhook request: the body is sent as it is, signed with the secret when there is one. */
export interface WebhookRequest {
  readonly url: string;
  readonly body: string;
  /** Standard Webhooks' `webhook-id`: the same for every attempt at one delivery, so receivers can drop repeats. */
  readonly messageId: string;
  readonly secretKey?: string;
  readonly sentAt: Date;
}

/** What became of it: the receiver's answer, or why there was none. */
export interface WebhookAnswer {
  readonly statusCode?: number;
  readonly body: string;
  readonly error?: string;
  readonly durationMs: number;
}

/** Sends webhooks to the receivers' addresses, refusing those the policy forbids. */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookAnswer>;
}
