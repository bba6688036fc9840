import { createContext, type ReactNode, useContext } from 'react';

/**
 * The way to Premium that the analysis shows beside its preview. The dashboard route gives it (the
 * plans and their payment are another feature's), so this feature need not import it.
 */
const UpgradeSlot = createContext<ReactNode>(null);

export const AnalysisUpgradeProvider = UpgradeSlot.Provider;

export function useAnalysisUpgrade(): ReactNode {
  return useContext(UpgradeSlot);
}
