import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';
import { mainContent } from './main-content.ts';

/**
 * `second-factor`: the password was right, the account's code is asked next (second-factor-step.tsx);
 * `phone`: signing in (or up) with a mobile number and a code by SMS (phone-sign-in.tsx).
 */
export type AuthMode = 'login' | 'signup' | 'admin' | 'anonymous' | 'second-factor' | 'phone';
export type SignUpType = 'customer' | 'lab';

interface AuthModalState {
  mode: AuthMode | null;
  userType: SignUpType;
  /** Opened because booking needs an account: the modal offers the guest path too. */
  forBooking: boolean;
}

interface AuthModalApi extends AuthModalState {
  open(mode: AuthMode, userType?: SignUpType): void;
  /** Before a booking (Book Now, the lab-test cart, checkout): log in, sign up, or continue as a guest. */
  openForBooking(): void;
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
  const [state, setState] = useState<AuthModalState>({ mode: null, userType: 'customer', forBooking: false });
  const opener = useRef<HTMLElement | null>(null);
  const api = useMemo<AuthModalApi>(() => {
    const open = (mode: AuthMode, userType: SignUpType = 'customer', forBooking = false) => {
      // Switching between log in, sign up and guest inside the modal keeps the original opener and purpose.
      if (state.mode === null) {
        const focused = document.activeElement;
        opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      }
      setState({ mode, userType, forBooking: state.mode === null ? forBooking : state.forBooking });
    };
    return {
      ...state,
      open: (mode, userType) => open(mode, userType),
      openForBooking: () => open('login', 'customer', true),
      close: (options) => {
        if (options?.leavingPage) opener.current = null;
        setState((current) => ({ ...current, mode: null }));
      },
      returnFocusTo: () => (opener.current?.isConnected ? opener.current : mainContent()),
    };
  }, [state]);
  return <AuthModalContext.Provider value={api}>{children}</AuthModalContext.Provider>;
}

export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal must be used inside AuthModalProvider');
  return api;
}
