import { authRouter } from '../modules/auth/auth.router.ts';
import { catalogRouter } from '../modules/catalog/catalog.router.ts';
import { newsletterRouter } from '../modules/newsletter/newsletter.router.ts';
import { searchRouter } from '../modules/search/search.router.ts';
import { router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  catalog: catalogRouter,
  newsletter: newsletterRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;
