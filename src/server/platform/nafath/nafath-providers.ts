import type { Env } from '../../env.ts';
import { devNafath } from './dev-nafath.ts';
import { elmNafath } from './elm-nafath.ts';
import type { NafathCallbackBody, NafathProvider } from './nafath-provider.ts';

/**
 * The Nafath provider NAFATH_PROVIDER names, with its settings (env.ts checked they are there); null for
 * none. `deliver` is where the development provider posts its callbacks: the callback route's own handling.
 */
export function nafathProviderFor(env: Env, deliver: (body: NafathCallbackBody) => Promise<unknown>): NafathProvider | null {
  switch (env.NAFATH_PROVIDER) {
    case 'elm':
      return elmNafath({
        apiUrl: env.NAFATH_API_URL ?? '',
        appId: env.NAFATH_APP_ID ?? '',
        appKey: env.NAFATH_APP_KEY ?? '',
        service: env.NAFATH_SERVICE ?? '',
        ...(env.NAFATH_JWKS_URL && { jwksUrl: env.NAFATH_JWKS_URL }),
        ...(env.NAFATH_AUDIENCE && { audience: env.NAFATH_AUDIENCE }),
      });
    case 'dev':
      return devNafath({ deliver, lifetimeSeconds: env.NAFATH_REQUEST_LIFETIME_SECONDS });
    default:
      return null;
  }
}
