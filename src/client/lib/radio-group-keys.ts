import type { KeyboardEvent } from 'react';

/** Whether an element is laid out right to left (from its `dir`, inherited or its own). */
export function isRtl(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl';
}

/**
 * Keyboard for a group of `role="radio"` buttons, as the WAI-ARIA radio group pattern has it: the
 * group is one tab stop (the checked radio, or the first), and the arrow keys move to the next or
 * previous radio and check it. Left and right follow the reading direction, so in Arabic the left
 * arrow goes forward.
 */
export function radioGroupKeys<T>(values: readonly T[], checked: T | null | undefined, onSelect: (value: T) => void) {
  const checkedIndex = values.indexOf(checked as T);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const forward = isRtl(event.currentTarget) ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    const step = event.key === 'ArrowDown' || event.key === forward ? 1 : event.key === 'ArrowUp' || event.key === backward ? -1 : 0;
    if (step === 0) return;
    const radios = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]'));
    const current = radios.indexOf(document.activeElement as HTMLElement);
    if (current < 0) return;
    event.preventDefault();
    const next = (current + step + radios.length) % radios.length;
    radios[next]?.focus();
    if (next < values.length) onSelect(values[next] as T);
  };

  const tabIndexOf = (index: number) => ((checkedIndex < 0 ? index === 0 : index === checkedIndex) ? 0 : -1);

  return { onKeyDown, tabIndexOf };
}
