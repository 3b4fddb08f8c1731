#!/usr/bin/env bash
# A store moves from EPCC's 2024 subscriptions wire to the 2025 one: nothing is migrated, the records it
# made on the 2024 wire are read on the 2025 one under the same ids. BASE, CLIENT_ID and CLIENT_SECRET name
# the service and a client-credentials key of the store.
set -euo pipefail
BASE=${BASE:-http://localhost:3000}
field() { node -p "JSON.parse(require('fs').readFileSync(0, 'utf8'))$1"; }
TOKEN=$(curl -sf "$BASE/oauth/access_token" -d grant_type=client_credentials \
  -d "client_id=$CLIENT_ID" -d "client_secret=$CLIENT_SECRET" | field .access_token)
api() { curl -sf -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' "$@"; }

# 1. On the 2024 wire (every store's until it says otherwise): a product, a plan, an offering of both.
PRODUCT=$(api "$BASE/v2/subscriptions/products" -d '{"data": {"type": "subscription_product",
  "attributes": {"name": "Coffee beans", "price": {"USD": {"amount": 1500, "includes_tax": true}}}}}' | field .data.id)
PLAN=$(api "$BASE/v2/subscriptions/plans" -d '{"data": {"type": "subscription_plan", "attributes": {"name": "Monthly",
  "billing_interval_type": "month", "billing_frequency": 1, "plan_length": 12, "end_behavior": "roll",
  "can_pause": true, "can_resume": true, "can_cancel": true, "base_price_percentage": 10}}}' | field .data.id)
OFFERING=$(api "$BASE/v2/subscriptions/offerings/build" \
  -d "{\"data\": {\"name\": \"Coffee club\", \"products\": [\"$PRODUCT\"], \"plans\": [\"$PLAN\"]}}" | field .data.id)
COPY=$(api "$BASE/v2/subscriptions/offerings/$OFFERING/plans" | field '.data[0].id')

# 2. A client moving over reads the same offering on the 2025 wire first, under the prefix that pins it:
#    the 2024 product is a 2025 plan, the 2024 plan a pricing option, priced by the same rule.
SEEN=$(api "$BASE/generations/2025/v2/subscriptions/offerings/$OFFERING?include=plans,pricing_options")
test "$(field '.included.pricing_options[0].id' <<< "$SEEN")" = "$COPY"
test "$(field ".included.plans[0].meta.prices['$COPY'].price.USD.amount" <<< "$SEEN")" = 1350

# 3. The store switches: its un-prefixed paths speak 2025 from now on (on other instances within a second).
api -X PUT "$BASE/v2/settings" -d '{"data": {"type": "settings", "subscriptions_generation": "2025"}}' > /dev/null
test "$(api "$BASE/v2/subscriptions/offerings/$OFFERING/pricing-options" | field '.data[0].id')" = "$COPY"

# 4. What only 2024 has is a 404 that says where it went; a 2024 client keeps working under its prefix.
test "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$BASE/v2/subscriptions/products")" = 404
test "$(api "$BASE/generations/2024/v2/subscriptions/products/$PRODUCT" | field .data.id)" = "$PRODUCT"
echo "offering $OFFERING: plan $PRODUCT, pricing option $COPY, on the 2025 wire"
