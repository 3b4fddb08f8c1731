import { useEffect, useRef, useState } from 'preact/hooks';
import { restoreSession, signOut } from './api';
import { AccountPage } from './pages/account';
import { AccountsPage } from './pages/accounts';
import { AuditPage } from './pages/audit';
import { BillingPage } from './pages/billing';
import { BillingRulesPage } from './pages/billing-rules';
import { CataloguePage } from './pages/catalogue';
import { GatewaysPage } from './pages/gateways';
import { ImportsPage } from './pages/imports';
import { IntegrationPage } from './pages/integration';
import { IntegrationsPage } from './pages/integrations';
import { InvoicePage } from './pages/invoice';
import { InvoicesPage } from './pages/invoices';
import { KeysPage } from './pages/keys';
import { MemberPage } from './pages/member';
import { OfferingPage } from './pages/offering';
import { PeoplePage } from './pages/people';
import { SignIn } from './pages/sign-in';
import { StorePage } from './pages/store';
import { SubscriberPage } from './pages/subscriber';
import { SubscriptionPage } from './pages/subscription';
import { SubscriptionsPage } from './pages/subscriptions';
import { href, usePlace } from './route';
import { administers, currentSession, onSessionChange, type Session } from './session';
import { TestClockBanner } from './test-clock';

const SECTIONS = [
  ['', 'Store'],
  ['keys', 'Application keys'],
  ['gateways', 'Payment gateways'],
  ['catalogue', 'Catalogue'],
  ['accounts', 'Accounts'],
  ['subscriptions', 'Subscriptions'],
  ['billing', 'Billing'],
  ['invoices', 'Invoices'],
  ['billing-rules', 'Billing rules'],
  ['imports', 'Imports'],
  ['integrations', 'Integrations'],
  ['people', 'People'],
  ['audit', 'Audit'],
] as const;

/** Sections that are store administration alone: listed only for those who may administer the store. */
const ADMINISTRATION: ReadonlySet<string> = new Set(['gateways']);

/** The section a page belongs to when its address is not the section's own. */
const SECTION_OF: Readonly<Record<string, string>> = {
  offerings: 'catalogue',
  members: 'accounts',
  subscribers: 'subscriptions',
};

const Page = () => {
  const place = usePlace();
  const [section, id] = place.parts;
  switch (section) {
    case undefined:
      return <StorePage />;
    case 'keys':
      return <KeysPage place={place} />;
    case 'gateways':
      return <GatewaysPage />;
    case 'catalogue':
      return <CataloguePage place={place} />;
    case 'offerings':
      return id === undefined ? <CataloguePage place={place} /> : <OfferingPage id={id} />;
    case 'accounts':
      return id === undefined ? <AccountsPage place={place} /> : <AccountPage id={id} place={place} />;
    case 'members':
      return id === undefined ? <AccountsPage place={place} /> : <MemberPage id={id} place={place} />;
    case 'subscriptions':
      return id === undefined ? <SubscriptionsPage place={place} /> : <SubscriptionPage id={id} />;
    case 'subscribers':
      return id === undefined ? <SubscriptionsPage place={place} /> : <SubscriberPage accountId={id} place={place} />;
    case 'billing':
      return <BillingPage place={place} />;
    case 'invoices':
      return id === undefined ? <InvoicesPage place={place} /> : <InvoicePage id={id} />;
    case 'billing-rules':
      return <BillingRulesPage place={place} />;
    case 'imports':
      return <ImportsPage place={place} />;
    case 'integrations':
      return id === undefined ? <IntegrationsPage place={place} /> : <IntegrationPage id={id} place={place} />;
    case 'people':
      return <PeoplePage place={place} />;
    case 'audit':
      return <AuditPage place={place} />;
    default:
      return <p role="alert">No page here.</p>;
  }
};

const Shell = ({ session }: { session: Session }) => {
  const place = usePlace();
  const section = SECTION_OF[place.parts[0] ?? ''] ?? place.parts[0] ?? '';
  const where = place.parts.join('/');
  const title = SECTIONS.find(([path]) => path === section)?.[1] ?? 'Console';
  // A new page is announced as a browser announces a page load: by its title, with the focus at its start.
  // Paging and filtering a list keep the focus where it is.
  const first = useRef(true);
  useEffect(() => {
    document.title = `${title} · commerce-core console`;
    if (first.current) first.current = false;
    else document.getElementById('main')?.focus();
  }, [where, title]);
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main; the hash router would take its default as a route, so the click moves the focus itself */}
      <a
        class="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to the page
      </a>
      <header>
        <span class="brand">commerce-core</span>
        <nav aria-label="Sections">
          {SECTIONS.filter(([path]) => administers(session.actor) || !ADMINISTRATION.has(path)).map(([path, title]) => (
            <a key={path} href={href(path)} aria-current={section === path ? 'page' : undefined}>
              {title}
            </a>
          ))}
        </nav>
        <span class="who">
          <span class="store-name">{session.store.name}</span>{' '}
          {session.actor.type === 'merchant_user' ? (
            <span>
              {session.actor.name} ({session.actor.role})
            </span>
          ) : (
            <span>
              Key <code>{session.actor.id.slice(0, 8)}…</code>
            </span>
          )}{' '}
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>{' '}
          <button type="button" onClick={() => void signOut(true)}>
            Sign out everywhere
          </button>
        </span>
      </header>
      <TestClockBanner />
      <main id="main" tabIndex={-1}>
        <Page />
      </main>
    </>
  );
};

export const App = () => {
  const [session, setSession] = useState(currentSession);
  const [reason, setReason] = useState<string>();
  // Until the service says whether the cookie holds a session, nothing is shown: no sign-in form flashes by.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    const stop = onSessionChange((next, why) => {
      setSession(next);
      setReason(why);
      setAsked(true);
    });
    void restoreSession().catch(() => setAsked(true));
    return stop;
  }, []);
  useEffect(() => {
    if (asked && session === undefined) document.title = 'Sign in · commerce-core console';
  }, [asked, session]);
  if (!asked) return <p role="status">Loading…</p>;
  return session === undefined ? <SignIn reason={reason} /> : <Shell session={session} />;
};
