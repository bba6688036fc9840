import { Button, HStack, Input, InputGroup, NativeSelect, Spinner, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronsLeft, ChevronsRight, Search } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ListControl } from './list-search.ts';
import { DirectionalIcon } from './ui/directional-icon.tsx';

const DEBOUNCE_MS = 350;

/**
 * The search box, the order and the list's own filter, on one row on a wide screen (each choice as wide
 * as its longest option) and stacked on a phone.
 */
export function ListToolbar({
  control,
  placeholder,
  label,
  sorts,
  filters,
  filterLabel,
  children,
}: {
  control: ListControl;
  placeholder: string;
  label: string;
  sorts: { value: string; label: string }[];
  filters?: { value: string; label: string }[];
  filterLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const { search, onChange } = control;
  const [text, setText] = useState(search.q ?? '');
  // The address changed under us (back, a link): show what it says.
  const applied = useRef(search.q ?? '');
  useEffect(() => {
    if ((search.q ?? '') !== applied.current) {
      applied.current = search.q ?? '';
      setText(search.q ?? '');
    }
  }, [search.q]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = wanted;
      onChange({ q: wanted || undefined, cursor: undefined });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);

  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'center' }}>
      <InputGroup startElement={<Search size={16} aria-hidden />} flex="1">
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          aria-label={label}
          maxLength={100}
          data-testid="list-search"
        />
      </InputGroup>
      {filters && (
        <NativeSelect.Root width={{ base: 'full', md: 'auto' }} minWidth={{ md: '48' }}>
          <NativeSelect.Field
            value={search.filter ?? filters[0]?.value}
            onChange={(event) => onChange({ filter: event.currentTarget.value, cursor: undefined })}
            aria-label={filterLabel}
          >
            {filters.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <NativeSelect.Root width={{ base: 'full', md: 'auto' }} minWidth={{ md: '48' }}>
        <NativeSelect.Field
          value={search.sort ?? sorts[0]?.value}
          onChange={(event) => onChange({ sort: event.currentTarget.value, cursor: undefined })}
          aria-label={t`Sort by`}
          data-testid="list-sort"
        >
          {sorts.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {children}
    </Stack>
  );
}

/**
 * Under the list: back to the first page and on to the next. The browser's back button returns to
 * the page before, since each page is its own address.
 */
export function PageButtons({
  control,
  nextCursor,
  fetching,
}: {
  control: ListControl;
  nextCursor: string | null | undefined;
  fetching: boolean;
}) {
  const { t } = useLingui();
  const { search, onChange } = control;
  if (!search.cursor && !nextCursor) return null;
  return (
    <HStack justify="space-between" gap="3" wrap="wrap" data-testid="list-pages">
      <Button size="sm" variant="outline" disabled={!search.cursor} onClick={() => onChange({ cursor: undefined })}>
        <DirectionalIcon asChild aria-hidden>
          <ChevronsLeft />
        </DirectionalIcon>
        {t`First page`}
      </Button>
      {fetching && <Spinner size="sm" aria-label={t`Loading...`} />}
      <Button size="sm" variant="outline" disabled={!nextCursor} onClick={() => nextCursor && onChange({ cursor: nextCursor })}>
        {t`Next page`}
        <DirectionalIcon asChild aria-hidden>
          <ChevronsRight />
        </DirectionalIcon>
      </Button>
    </HStack>
  );
}
