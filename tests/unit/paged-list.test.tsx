// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changedListSearch, type ListSearch } from '../../src/client/components/list-search.ts';
import { ListToolbar } from '../../src/client/components/paged-list.tsx';
import { createAppSystem } from '../../src/client/theme.ts';

const i18n = setupI18n();
beforeAll(async () => {
  i18n.load({ en: (await import('../../src/client/locales/en/messages.po')).messages });
  i18n.activate('en');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const system = createAppSystem();

/**
 * The toolbar over an address that changes as a router's does: `navigate` applies a change to the
 * address as it is when the change lands, and the page draws it a moment later. Until it has, the
 * toolbar still holds the search it was last drawn with.
 */
function toolbarOver(initial: { section?: string; message?: string } & ListSearch) {
  let address: { section?: string; message?: string } & ListSearch = initial;
  const onChange = (change: Partial<ListSearch>) => {
    address = changedListSearch(address, change);
  };
  const draw = () => (
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <ListToolbar
          control={{ search: { q: address.q, sort: address.sort, filter: address.filter, cursor: address.cursor }, onChange }}
          placeholder="Search"
          label="Search labs"
          sorts={[
            { value: 'newest', label: 'Newest first' },
            { value: 'name', label: 'By name' },
          ]}
          filterLabel="Filter"
          filters={[
            { value: 'all', label: 'All labs' },
            { value: 'approved', label: 'Approved' },
          ]}
        />
      </I18nProvider>
    </ChakraProvider>
  );
  const view = render(draw());
  return { address: () => address, redraw: () => view.rerender(draw()) };
}

describe('a paged list’s toolbar', () => {
  it('keeps the typed search when a filter is chosen before the page has drawn the search’s address', () => {
    const list = toolbarOver({ section: 'labs', sort: 'name', cursor: 'page-3' });
    fireEvent.change(screen.getByLabelText('Search labs'), { target: { value: 'Al Shifa' } });
    act(() => vi.advanceTimersByTime(400));
    expect(list.address()).toMatchObject({ q: 'Al Shifa', cursor: undefined });
    // The address has the search; the page has not drawn it yet when the reader picks a filter.
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'approved' } });
    expect(list.address()).toEqual({ section: 'labs', q: 'Al Shifa', sort: 'name', filter: 'approved', cursor: undefined });
    list.redraw();
    act(() => vi.advanceTimersByTime(1_000));
    expect(list.address()).toEqual({ section: 'labs', q: 'Al Shifa', sort: 'name', filter: 'approved', cursor: undefined });
  });

  it('keeps the chosen filter when the search reaches the address after it, and carries no one-off notice along', () => {
    const list = toolbarOver({ section: 'labs', message: 'saved' });
    fireEvent.change(screen.getByLabelText('Search labs'), { target: { value: 'Shifa' } });
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'approved' } });
    act(() => vi.advanceTimersByTime(400));
    expect(list.address()).toEqual({ section: 'labs', q: 'Shifa', sort: undefined, filter: 'approved', cursor: undefined });
  });
});
