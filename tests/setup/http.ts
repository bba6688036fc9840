import type { Hono } from 'hono';

export interface ApiResponse<T = unknown> {
  status: number;
  data: T;
  error:
    | {
        message: string;
        data: {
          code: string;
          appCode: string | null;
          fieldErrors: Record<string, string[]> | null;
          details: Record<string, unknown> | null;
        };
      }
    | undefined;
  cookies: string[];
}

/** Whatever answers a request for a path: the Hono app in process, or a server over the network. */
export type Requester = Pick<Hono, 'request'> | HttpRequester;

interface HttpRequester {
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** A server listening at `base` (e.g. http://127.0.0.1:3000), reached with fetch. */
export function overHttp(base: string): HttpRequester {
  return { request: (path, init) => fetch(base + path, init) };
}

/** Calls tRPC over HTTP exactly as the browser does: JSON, same-origin, with the session cookie. */
export function apiClient(app: Requester, origin = 'http://localhost:3000') {
  async function send<T>(response: Response): Promise<ApiResponse<T>> {
    const body = (await response.json()) as { result?: { data: T }; error?: ApiResponse['error'] };
    return { status: response.status, data: body.result?.data as T, error: body.error, cookies: response.headers.getSetCookie() };
  }
  return {
    async mutate<T = unknown>(path: string, input: unknown, cookie?: string) {
      const response = await app.request(`/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(input),
      });
      return send<T>(response);
    },
    async query<T = unknown>(path: string, cookie?: string) {
      return send<T>(await app.request(`/trpc/${path}`, { headers: cookie ? { cookie } : {} }));
    },
  };
}

/** `name=value` of a Set-Cookie header, ready for a Cookie header. */
export function cookiePair(setCookie: string | undefined): string {
  if (!setCookie) throw new Error('no Set-Cookie header');
  return setCookie.split(';')[0]!;
}
