import { useRouter } from '@tanstack/react-router';

/**
 * Goes to an address a payment step answered: one on this site (a path, or this origin) inside the
 * app, so the visitor keeps the host they came by, their language and the page they see while the
 * next one loads; any other (an external store's payment page) by a full page load.
 */
export function useGoTo(): (address: string) => void {
  const router = useRouter();
  return (address) => {
    const target = new URL(address, window.location.href);
    if (target.origin !== window.location.origin) {
      window.location.assign(target.href);
      return;
    }
    void router.navigate({ href: `${target.pathname}${target.search}${target.hash}` });
  };
}
