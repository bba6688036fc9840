import { createFileRoute } from '@tanstack/react-router';
import { JoinAsLabPage } from '../features/marketing/join-as-lab-page.tsx';
import { useAuthModal } from '../lib/auth-modal-context.tsx';

export const Route = createFileRoute('/join-as-lab')({
  component: JoinAsLab,
});

function JoinAsLab() {
  const authModal = useAuthModal();
  return <JoinAsLabPage onSignUp={() => authModal.open('signup', 'lab')} onLogIn={() => authModal.open('login', 'lab')} />;
}
