import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

type Panel = 'lab' | 'store' | null;

interface CartPanelsApi {
  open: Panel;
  openLabCart(): void;
  openStoreCart(): void;
  close(): void;
}

const CartPanelsContext = createContext<CartPanelsApi | null>(null);

export function CartPanelsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Panel>(null);
  const api = useMemo<CartPanelsApi>(
    () => ({
      open,
      openLabCart: () => setOpen('lab'),
      openStoreCart: () => setOpen('store'),
      close: () => setOpen(null),
    }),
    [open],
  );
  return <CartPanelsContext.Provider value={api}>{children}</CartPanelsContext.Provider>;
}

export function useCartPanels(): CartPanelsApi {
  const api = useContext(CartPanelsContext);
  if (!api) throw new Error('useCartPanels must be used inside CartPanelsProvider');
  return api;
}
