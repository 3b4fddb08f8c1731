import * as E from 'fp-ts/lib/Either.js';
import { type GatewaySlug, lookUpGateway, notServedDetail } from '../../../domain/gateways/gateway-slug.js';
import { type DomainError, notFound, unprocessable } from '../../../domain/shared/errors.js';

/** A path's slug as a served gateway; EPCC's others are a 422 and anything else a 404, both naming the served ones. */
export const servedGateway = (slug: string): E.Either<DomainError, GatewaySlug> => {
  const lookup = lookUpGateway(slug);
  switch (lookup._tag) {
    case 'Served':
      return E.right(lookup.slug);
    case 'NotServed':
      return E.left(unprocessable(notServedDetail(lookup), 'gateway_not_served'));
    case 'Unknown':
      return E.left(notFound(notServedDetail(lookup)));
  }
};
