import { authRouter } from '../modules/auth/auth.router.ts';
import { bookingRouter } from '../modules/booking/booking.router.ts';
import { catalogRouter } from '../modules/catalog/catalog.router.ts';
import { newsletterRouter } from '../modules/newsletter/newsletter.router.ts';
import { searchRouter } from '../modules/search/search.router.ts';
import { storeRouter } from '../modules/store/store.router.ts';
import { router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  booking: bookingRouter,
  catalog: catalogRouter,
  newsletter: newsletterRouter,
  search: searchRouter,
  store: storeRouter,
});

export type AppRouter = typeof appRouter;
