/**
 * A browser's cookie and redirect handling, small: cookies kept per origin by name (paths and expiry are not
 * modelled; a `Max-Age=0` removes), redirects followed one by one, every step's URL and status kept.
 */
export class BrowserJar {
  private readonly cookies = new Map<string, Map<string, string>>();
  readonly steps: { readonly url: string; readonly status: number }[] = [];

  cookie(origin: string, name: string): string | undefined {
    return this.cookies.get(origin)?.get(name);
  }

  forget(origin: string, name: string): void {
    this.cookies.get(origin)?.delete(name);
  }

  set(origin: string, name: string, value: string): void {
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.cookies.set(origin, jar);
  }

  private keep(origin: string, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const removed = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0') || value === '';
      if (removed) this.forget(origin, name);
      else this.set(origin, name, value);
    }
  }

  /** One request, with the origin's cookies, keeping the ones it sets. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const origin = new URL(url).origin;
    const cookie = [...(this.cookies.get(origin) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(cookie === '' ? {} : { Cookie: cookie }), ...(init.headers as Record<string, string>) },
    });
    this.keep(origin, response);
    this.steps.push({ url, status: response.status });
    return response;
  }

  /** Follows redirects until an answer that is not one, or until `stop` says the URL is where it should end. */
  async navigate(url: string, init: RequestInit = {}, stop: (url: URL) => boolean = () => false) {
    let current = url;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops += 1) {
      const location = response.headers.get('Location');
      if (location === null) break;
      current = new URL(location, current).href;
      if (stop(new URL(current))) return { url: current, response };
      response = await this.fetch(current);
    }
    return { url: current, response };
  }
}

/** The first form of a page: where it posts, and its hidden fields. */
export const formOf = (html: string, pageUrl: string): { action: string; fields: Record<string, string> } => {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on ${pageUrl}: ${html.slice(0, 200)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    fields[match[1]!] = match[2]!;
  return { action: new URL(action.replaceAll('&amp;', '&'), pageUrl).href, fields };
};
