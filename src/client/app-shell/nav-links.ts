import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface NavLink {
  to: '/' | '/categories' | '/pricing' | '/labs' | '/store' | '/about' | '/dashboard';
  label: MessageDescriptor;
}

export const mainNavLinks: NavLink[] = [
  { to: '/', label: msg`Home` },
  { to: '/categories', label: msg`Categories` },
  { to: '/pricing', label: msg`Pricing` },
  { to: '/labs', label: msg`Labs` },
  { to: '/store', label: msg`Store` },
  { to: '/about', label: msg`About us` },
];

export const dashboardNavLink: NavLink = { to: '/dashboard', label: msg`Dashboard` };

export const footerQuickLinks: NavLink[] = mainNavLinks.filter((link) => link.to !== '/store');
