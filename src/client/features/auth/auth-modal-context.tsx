import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';
import { mainContent } from '../../lib/main-content.ts';

export type AuthMode = 'login' | 'signup' | 'admin' | 'anonymous';
export type SignUpType = 'customer' | 'lab';

interface AuthModalState {
  mode: AuthMode | null;
  userType: SignUpType;
}

interface AuthModalApi extends AuthModalState {
  open(mode: AuthMode, userType?: SignUpType): void;
  /** Closes the modal; `{ leavingPage: true }` when a link in it opens another page, which then takes the focus. */
  close(options?: { leavingPage?: boolean }): void;
  /**
   * Where the focus goes when the modal closes: back to what opened it, or, when that is gone (the
   * Log in button disappears once signed in), to the main content rather than the top of the page.
   */
  returnFocusTo(): HTMLElement | null;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthModalState>({ mode: null, userType: 'customer' });
  const opener = useRef<HTMLElement | null>(null);
  const api = useMemo<AuthModalApi>(
    () => ({
      ...state,
      open: (mode, userType = 'customer') => {
        // Switching between log in and sign up inside the modal keeps the original opener.
        if (state.mode === null) {
          const focused = document.activeElement;
          opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
        }
        setState({ mode, userType });
      },
      close: (options) => {
        if (options?.leavingPage) opener.current = null;
        setState((current) => ({ ...current, mode: null }));
      },
      returnFocusTo: () => (opener.current?.isConnected ? opener.current : mainContent()),
    }),
    [state],
  );
  return <AuthModalContext.Provider value={api}>{children}</AuthModalContext.Provider>;
}

export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal must be used inside AuthModalProvider');
  return api;
}
