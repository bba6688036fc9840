import { authRouter } from '../modules/auth/auth.router.ts';
import { catalogRouter } from '../modules/catalog/catalog.router.ts';
import { newsletterRouter } from '../modules/newsletter/newsletter.router.ts';
import { storeRouter } from '../modules/store/store.router.ts';
import { router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  catalog: catalogRouter,
  newsletter: newsletterRouter,
  store: storeRouter,
});

export type AppRouter = typeof appRouter;
