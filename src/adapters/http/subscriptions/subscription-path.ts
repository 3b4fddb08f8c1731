/** Where an operation's behaviour is EPCC's, its description starts by saying so. */
export const SUBSCRIPTIONS_EPCC =
  'As EPCC (`openapispecs/subscriptions/public_openapi.yaml` in elasticpath/elasticpath-dev).';
