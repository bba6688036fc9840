import { Badge, HStack, IconButton, Skeleton, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';

/** A chosen item: its id and what it is called (null while that is being read: drawn as a placeholder). */
export interface RemovableTag<Id extends string | number = number> {
  id: Id;
  label: string | null;
  /** What kind of item it is, when the list holds more than one kind (a package among tests). */
  note?: string;
}

/**
 * What a picker has chosen, as a list of tags, each with a button that removes it (a package's tests, the
 * markers of a visit built by the person, the labs or tests a promo code is limited to). Nothing while none
 * is chosen. `removeLabel` names each button ("Remove …") in the caller's words, so that its text stays in
 * the caller's catalog.
 */
export function RemovableTags<Id extends string | number = number>({
  tags,
  onRemove,
  removeLabel,
  label,
  testId,
}: {
  tags: readonly RemovableTag<Id>[];
  onRemove: (id: Id) => void;
  removeLabel: (label: string) => string;
  /** The list's accessible name, when the field around it does not give one. */
  label?: string;
  testId: string;
}) {
  if (tags.length === 0) return null;
  return (
    <HStack as="ul" listStyleType="none" gap="1.5" wrap="wrap" data-testid={testId} aria-label={label}>
      {tags.map(({ id, label: name, note }) =>
        name === null ? (
          <Skeleton as="li" key={id} height="7" width="24" rounded="md" />
        ) : (
          // A long name wraps inside its tag rather than pushing the list wider than a phone.
          <Badge
            as="li"
            key={id}
            size="lg"
            colorPalette="brand"
            variant="subtle"
            paddingInlineEnd="0.5"
            gap="0.5"
            maxWidth="full"
            height="auto"
            whiteSpace="normal"
          >
            {note && (
              <Text as="span" fontSize="xs" fontWeight="semibold" opacity="0.8" marginInlineEnd="1">
                {note}
              </Text>
            )}
            {name}
            <IconButton size="xs" variant="ghost" colorPalette="brand" aria-label={removeLabel(name)} onClick={() => onRemove(id)}>
              <X aria-hidden />
            </IconButton>
          </Badge>
        ),
      )}
    </HStack>
  );
}
