import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthMode = 'login' | 'signup' | 'admin' | 'anonymous';
export type SignUpType = 'customer' | 'lab';

interface AuthModalState {
  mode: AuthMode | null;
  userType: SignUpType;
}

interface AuthModalApi extends AuthModalState {
  open(mode: AuthMode, userType?: SignUpType): void;
  close(): void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthModalState>({ mode: null, userType: 'customer' });
  const api = useMemo<AuthModalApi>(
    () => ({
      ...state,
      open: (mode, userType = 'customer') => setState({ mode, userType }),
      close: () => setState((current) => ({ ...current, mode: null })),
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
