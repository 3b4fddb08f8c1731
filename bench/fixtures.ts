/**
 * Realistic-looking catalogue and subscriber data for the benchmark store. A seeded generator keeps the
 * shape of the data (names, skew, sizes) the same from one seed to the next; ids stay random UUIDs.
 */

export type Random = () => number;

/** mulberry32: tiny, fast and good enough to shape test data. */
export const seededRandom = (seed: number): Random => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const pick = <A>(random: Random, items: readonly A[]): A => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** `count` distinct items, in a random order. */
export const pickSome = <A>(random: Random, items: readonly A[], count: number): A[] => {
  const pool = [...items];
  const chosen: A[] = [];
  while (chosen.length < count && pool.length > 0)
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as A);
  return chosen;
};

export const integerBetween = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const token = (random: Random, length: number): string => {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
  return out;
};

export const padded = (n: number, width: number): string => String(n).padStart(width, '0');

// ---------------------------------------------------------------------------------------------------
// Catalogue

export interface Theme {
  readonly code: string;
  readonly brand: string;
  readonly tag: string;
  readonly products: readonly { readonly name: string; readonly usd: number; readonly unit: 'day' | 'month' }[];
}

/** Prices in cents; EUR is derived with a rounded exchange rate, as merchants tend to do. */
export const THEMES: readonly Theme[] = [
  {
    code: 'COF',
    brand: 'Roastery Club',
    tag: 'coffee',
    products: [
      { name: 'Single-Origin Beans 250 g', usd: 1600, unit: 'month' },
      { name: 'Espresso Blend 1 kg', usd: 3900, unit: 'month' },
      { name: 'Decaf Swiss Water 250 g', usd: 1700, unit: 'month' },
      { name: 'Cold Brew Concentrate 1 L', usd: 2200, unit: 'month' },
    ],
  },
  {
    code: 'TEA',
    brand: 'Leaf & Kettle',
    tag: 'tea',
    products: [
      { name: 'Sencha Loose Leaf 100 g', usd: 1400, unit: 'month' },
      { name: 'Masala Chai Blend 200 g', usd: 1500, unit: 'month' },
      { name: 'Oolong Sampler', usd: 2400, unit: 'month' },
    ],
  },
  {
    code: 'MEAL',
    brand: 'Cucina Box',
    tag: 'meals',
    products: [
      { name: 'Dinner Kit for Two (3 recipes)', usd: 6000, unit: 'day' },
      { name: 'Family Dinner Kit (4 recipes)', usd: 10400, unit: 'day' },
      { name: 'Vegetarian Kit (3 recipes)', usd: 5700, unit: 'day' },
      { name: 'Breakfast Add-on', usd: 1500, unit: 'day' },
    ],
  },
  {
    code: 'SAAS',
    brand: 'Ledgerly',
    tag: 'software',
    products: [
      { name: 'Invoicing Seat', usd: 1200, unit: 'month' },
      { name: 'Payroll Module', usd: 4900, unit: 'month' },
      { name: 'Expense Scanning', usd: 900, unit: 'month' },
      { name: 'Priority Support', usd: 2900, unit: 'month' },
    ],
  },
  {
    code: 'PET',
    brand: 'Happy Paws',
    tag: 'pets',
    products: [
      { name: 'Grain-Free Dog Food 12 kg', usd: 6900, unit: 'month' },
      { name: 'Cat Litter Refill 10 L', usd: 1900, unit: 'month' },
      { name: 'Chew Toy Box', usd: 2500, unit: 'month' },
    ],
  },
  {
    code: 'WINE',
    brand: 'Cellar Door',
    tag: 'wine',
    products: [
      { name: 'Mixed Case (6 bottles)', usd: 8900, unit: 'month' },
      { name: 'Grower Champagne Duo', usd: 11000, unit: 'month' },
      { name: 'Natural Wine Trio', usd: 7200, unit: 'month' },
    ],
  },
  {
    code: 'FIT',
    brand: 'Stride Studio',
    tag: 'fitness',
    products: [
      { name: 'On-Demand Classes', usd: 1499, unit: 'month' },
      { name: 'Live Coaching Session', usd: 3500, unit: 'month' },
      { name: 'Nutrition Plan', usd: 1999, unit: 'month' },
    ],
  },
  {
    code: 'NEWS',
    brand: 'The Morning Ledger',
    tag: 'news',
    products: [
      { name: 'Digital Edition', usd: 999, unit: 'month' },
      { name: 'Weekend Print Delivery', usd: 1999, unit: 'month' },
      { name: 'Archive Access', usd: 499, unit: 'month' },
    ],
  },
  {
    code: 'FLOW',
    brand: 'Petal Post',
    tag: 'flowers',
    products: [
      { name: 'Seasonal Bouquet', usd: 4500, unit: 'day' },
      { name: 'Potted Orchid', usd: 3900, unit: 'day' },
    ],
  },
  {
    code: 'SHAVE',
    brand: 'Keen Edge',
    tag: 'grooming',
    products: [
      { name: '5-Blade Cartridges (8)', usd: 1800, unit: 'month' },
      { name: 'Shave Gel 200 ml', usd: 700, unit: 'month' },
      { name: 'Beard Oil 30 ml', usd: 1200, unit: 'month' },
    ],
  },
  {
    code: 'VIT',
    brand: 'Daily Dose',
    tag: 'vitamins',
    products: [
      { name: 'Multivitamin 60 ct', usd: 2200, unit: 'month' },
      { name: 'Omega-3 Softgels 90 ct', usd: 2600, unit: 'month' },
      { name: 'Vitamin D3 + K2', usd: 1500, unit: 'month' },
    ],
  },
  {
    code: 'GAME',
    brand: 'Pixel Vault',
    tag: 'games',
    products: [
      { name: 'Game Pass Standard', usd: 999, unit: 'month' },
      { name: 'Cloud Saves 100 GB', usd: 299, unit: 'month' },
      { name: 'Monthly Loot Crate', usd: 2999, unit: 'month' },
    ],
  },
];

export const euroCents = (usdCents: number): number => Math.round((usdCents * 0.92) / 10) * 10 - 1;

const DESCRIPTIONS = [
  'Ships free, skip or cancel any time.',
  'Curated by our team every cycle; swap items in your account.',
  'Delivered to your door; manage deliveries online.',
  'Includes access for the whole household.',
  'Carbon-neutral shipping in recyclable packaging.',
];

/** The attributes of a subscription product, in the shape the API accepts. */
export const productData = (random: Random, theme: Theme, index: number, serial: number) => {
  const product = theme.products[index];
  if (product === undefined) throw new Error('no such product');
  const sku = `${theme.code}-${padded(serial, 4)}`;
  // One product in ten is sold in dollars only, so some offerings cannot be bought in euros.
  const dollarsOnly = random() < 0.1;
  return {
    type: 'subscription_product',
    attributes: {
      name: `${theme.brand} ${product.name}`,
      description: pick(random, DESCRIPTIONS),
      sku,
      external_ref: `erp-prd-${padded(100000 + serial * 37, 6)}`,
      main_image: `https://cdn.example.com/products/${sku.toLowerCase()}.jpg`,
      price: {
        USD: { amount: product.usd, includes_tax: false },
        ...(dollarsOnly ? {} : { EUR: { amount: euroCents(product.usd), includes_tax: true } }),
      },
      price_units: { unit: product.unit, amount: product.unit === 'day' ? 7 : 1 },
    },
  };
};

interface PlanShape {
  readonly name: string;
  readonly billing_interval_type: 'day' | 'week' | 'month' | 'year';
  readonly billing_frequency: number;
  readonly plan_length: number;
  readonly end_behavior: 'close' | 'roll';
  readonly trial_period?: number;
  readonly can_pause: boolean;
  readonly can_resume: boolean;
  readonly can_cancel: boolean;
  readonly base_price_percentage?: number;
  readonly fixed_price?: { readonly USD: { readonly amount: number }; readonly EUR: { readonly amount: number } };
}

export const PLAN_SHAPES: readonly PlanShape[] = [
  {
    name: 'Monthly',
    billing_interval_type: 'month',
    billing_frequency: 1,
    plan_length: 12,
    end_behavior: 'roll',
    can_pause: true,
    can_resume: true,
    can_cancel: true,
  },
  {
    name: 'Monthly, first month free',
    billing_interval_type: 'month',
    billing_frequency: 1,
    plan_length: 12,
    end_behavior: 'roll',
    trial_period: 1,
    can_pause: true,
    can_resume: true,
    can_cancel: true,
  },
  {
    name: 'Every two weeks',
    billing_interval_type: 'week',
    billing_frequency: 2,
    plan_length: 26,
    end_behavior: 'roll',
    can_pause: true,
    can_resume: true,
    can_cancel: true,
  },
  {
    name: 'Weekly',
    billing_interval_type: 'week',
    billing_frequency: 1,
    plan_length: 52,
    end_behavior: 'roll',
    can_pause: true,
    can_resume: true,
    can_cancel: true,
  },
  {
    name: 'Quarterly, 5 % off',
    billing_interval_type: 'month',
    billing_frequency: 3,
    plan_length: 4,
    end_behavior: 'roll',
    can_pause: false,
    can_resume: false,
    can_cancel: true,
    base_price_percentage: 5,
  },
  {
    name: 'Annual, 15 % off',
    billing_interval_type: 'year',
    billing_frequency: 1,
    plan_length: 1,
    end_behavior: 'roll',
    can_pause: false,
    can_resume: false,
    can_cancel: true,
    base_price_percentage: 15,
  },
  {
    name: '12-month commitment',
    billing_interval_type: 'month',
    billing_frequency: 1,
    plan_length: 12,
    end_behavior: 'close',
    can_pause: false,
    can_resume: false,
    can_cancel: false,
    base_price_percentage: 10,
  },
  {
    name: '6-month gift',
    billing_interval_type: 'month',
    billing_frequency: 1,
    plan_length: 6,
    end_behavior: 'close',
    can_pause: false,
    can_resume: false,
    can_cancel: false,
    base_price_percentage: 0,
  },
  {
    name: '30-day trial, then monthly',
    billing_interval_type: 'day',
    billing_frequency: 30,
    plan_length: 12,
    end_behavior: 'roll',
    trial_period: 1,
    can_pause: true,
    can_resume: true,
    can_cancel: true,
  },
  {
    name: 'Starter (fixed price)',
    billing_interval_type: 'month',
    billing_frequency: 1,
    plan_length: 12,
    end_behavior: 'roll',
    can_pause: true,
    can_resume: true,
    can_cancel: true,
    fixed_price: { USD: { amount: 999 }, EUR: { amount: 899 } },
  },
  {
    name: 'Team (fixed price)',
    billing_interval_type: 'month',
    billing_frequency: 1,
    plan_length: 12,
    end_behavior: 'roll',
    can_pause: false,
    can_resume: false,
    can_cancel: true,
    fixed_price: { USD: { amount: 19900 }, EUR: { amount: 18900 } },
  },
  {
    name: 'Biennial, 25 % off',
    billing_interval_type: 'year',
    billing_frequency: 2,
    plan_length: 1,
    end_behavior: 'roll',
    can_pause: false,
    can_resume: false,
    can_cancel: true,
    base_price_percentage: 25,
  },
];

export const planData = (shape: PlanShape, serial: number) => ({
  type: 'subscription_plan',
  attributes: {
    ...shape,
    description: `${shape.name} billing${shape.can_cancel ? '; cancel any time' : ''}.`,
    external_ref: `erp-pln-${padded(serial, 4)}`,
  },
});

const TIERS = ['Essentials', 'Plus', 'Premium', 'Family', 'Team', 'Starter', 'Pro', 'Deluxe', 'Lite', 'Classic'];
const MARKETS = ['US', 'EU', 'UK', 'Nordics', 'DACH', 'Benelux', 'Iberia', 'Canada', 'Australia', 'Global'];
const CAMPAIGNS = [
  '',
  '',
  '',
  ' – Spring Promo',
  ' – Black Friday',
  ' – Partner Offer',
  ' – Student',
  ' – Gift',
  ' – Holiday',
];

export const offeringData = (
  random: Random,
  theme: Theme,
  serial: number,
  productIds: readonly string[],
  planIds: readonly string[],
) => {
  const tier = pick(random, TIERS);
  const market = pick(random, MARKETS);
  return {
    name: `${theme.brand} ${tier} (${market})${pick(random, CAMPAIGNS)}`,
    description: `${theme.brand} ${tier.toLowerCase()} subscription for customers in ${market}.`,
    external_ref: `ofr-${padded(serial, 5)}`,
    products: productIds,
    plans: planIds,
  };
};

// ---------------------------------------------------------------------------------------------------
// Subscribers

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Mia',
  'Lucas',
  'Amelia',
  'Mason',
  'Harper',
  'Ethan',
  'Charlotte',
  'Benjamin',
  'Grace',
  'Daniel',
  'Chloe',
  'Henry',
  'Hannah',
  'Samuel',
  'Laura',
  'David',
  'Sarah',
  'Michael',
  'José',
  'Zoë',
  'Björn',
  'Łukasz',
  'Søren',
  'François',
  'Renée',
  'Mónica',
  'Jürgen',
  'Chloé',
  'Mateo',
  'Inês',
  'Ağah',
  'Dragoș',
  'Hiroshi',
  'Yuki',
  'Priya',
  'Arjun',
  'Fatima',
  'Omar',
  'Siobhán',
  'Niamh',
  'Ólafur',
  'Zsófia',
  'Václav',
  'Ngozi',
  'Thảo',
  'Kwame',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'King',
  'Wright',
  'Scott',
  'García',
  'Müller',
  'Dvořák',
  'Nowak',
  "O'Brien",
  'Kowalski',
  'Johansson',
  'Rossi',
  'Dubois',
  'Ivanova',
  'Yamada',
  'Kim',
  'Patel',
  'Singh',
  'Nguyễn',
  'Øvergaard',
  'Papadopoulos',
  'Fernández',
  'Schäfer',
  'Löfgren',
  'Çelik',
  'Szabó',
  'Mbeki',
  'Núñez',
];
/** Names written in other scripts, which have no Latin spelling to make an address from. */
const OTHER_SCRIPT_NAMES = [
  '山田 太郎',
  '佐藤 花子',
  '김민준',
  '이서연',
  'Иван Петров',
  'Ольга Смирнова',
  'Γιώργος Παπαδάκης',
  'محمد العلي',
  'דנה כהן',
  '王伟',
  'ราชา สุขใจ',
];
const DOMAINS = [
  'example.com',
  'example.org',
  'example.net',
  'mail.example.com',
  'inbox.example.org',
  'example.co.uk',
  'example.de',
  'corp.example.com',
];

/** The Latin letters and digits of a name: what people put in their addresses. */
const asciiLocal = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export interface Account {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly customerId: string;
  readonly cardId: string;
}

export const account = (random: Random, id: string, serial: number): Account => {
  let name: string;
  let local: string;
  if (random() < 0.04) {
    name = pick(random, OTHER_SCRIPT_NAMES);
    local = `customer${serial}`;
  } else {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    name = random() < 0.08 ? `${first} ${pick(random, FIRST_NAMES)} ${last}` : `${first} ${last}`;
    const f = asciiLocal(first);
    const l = asciiLocal(last);
    const style = random();
    local =
      style < 0.45
        ? `${f}.${l}${serial % 1000}`
        : style < 0.7
          ? `${f[0] ?? 'x'}${l}${serial}`
          : style < 0.9
            ? `${f}_${l}${serial % 97}`
            : `${l}.${f}.${serial}`;
  }
  return {
    id,
    name,
    email: `${local}@${pick(random, DOMAINS)}`,
    customerId: `cus_${token(random, 14)}`,
    cardId: `card_${token(random, 14)}`,
  };
};

/** The address a subscription was taken out with: mostly the account's own, sometimes with a `+tag`. */
export const subscriptionEmail = (random: Random, owner: Account, tag: string): string => {
  if (random() >= 0.15) return owner.email;
  const at = owner.email.indexOf('@');
  return `${owner.email.slice(0, at)}+${tag}${owner.email.slice(at)}`;
};

export const subscriptionExternalRef = (random: Random, serial: number): string | undefined => {
  const r = random();
  if (r < 0.3) return undefined;
  if (r < 0.6) return `shopify-sub-${7000000000 + serial * 13}`;
  if (r < 0.85) return `CRM-${2023 + Math.floor(random() * 3)}-${padded(serial, 8)}`;
  return `legacy/${token(random, 6)}/${serial}`;
};
