import { createFileRoute } from '@tanstack/react-router';
import { SharedResultsPage } from '../features/result-shares/shared-results-page.tsx';

// A patient's share link, opened by their doctor without an account (ADR 0061). The server answers
// the address itself with 200, 410 or 404 and headers that keep it out of search engines and caches.
export const Route = createFileRoute('/share/$token')({
  component: function ShareRoute() {
    const { token } = Route.useParams();
    return <SharedResultsPage token={token} />;
  },
});
