// "Build your own" (issue #79 item 3): the cheapest combination of one lab's offers (its packages and
// single tests) that covers the markers a person wants, in one visit. Weighted set cover is NP-hard in
// general; here a person wants at most WANTED_MAX markers, so an exact search over the sets of markers
// covered so far is small: a shortest path from "none" to "all the lab can cover", where each step adds
// an offer holding the first marker still missing (some offer of every cover holds it, so no cover is
// lost), cheapest path first, with each offer's price as the step's length. The search is A*: what is
// still missing costs at least the larger of its dearest marker's cheapest offer and the sum of each
// marker's cheapest share of an offer (an offer's price spread over the wanted markers it holds); both
// never overstate, so the first cover reached is the cheapest. Offers that another offer holds all of,
// for no more money, are set aside first.

/** The most markers one request may ask for: a bit each in a 32-bit mask. */
export const WANTED_MAX = 30;

export interface Offer {
  id: number;
  /** In halalas. */
  price: number;
  /** The analytes it reports (any, wanted or not). */
  markers: readonly number[];
}

export interface Cover<O extends Offer> {
  offers: O[];
  price: number;
  /** The wanted markers the lab cannot report at all, in the order asked. */
  uncovered: number[];
}

interface Step {
  mask: number;
  price: number;
  /** price + the least the missing markers can still cost. */
  bound: number;
  count: number;
  offer: number;
  from: Step | null;
}

/** Cheaper first, then fewer offers (one visit, fewer tubes). */
const before = (a: Step, b: Step) => a.price - b.price || a.count - b.count;
/** The queue's order: the least a path through the step can cost, then fewer offers. */
const sooner = (a: Step, b: Step) => a.bound - b.bound || a.count - b.count;

const bitCount = (mask: number) => {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
};

/** The cheapest offers covering every wanted marker this lab has; ties go to fewer offers. */
export function cheapestCover<O extends Offer>(wanted: readonly number[], offers: readonly O[]): Cover<O> {
  if (wanted.length > WANTED_MAX) throw new RangeError(`at most ${WANTED_MAX} markers`);
  const bit = new Map(wanted.map((marker, index) => [marker, 1 << index]));
  const all = offers
    .map((offer) => ({ offer, mask: offer.markers.reduce((mask, marker) => mask | (bit.get(marker) ?? 0), 0) }))
    .filter((entry) => entry.mask !== 0);
  // An offer is of no use when another holds every wanted marker it does for no more (the first of equals stays).
  const masked = all.filter(
    (entry, index) =>
      !all.some(
        (other, at) =>
          at !== index &&
          (other.mask & entry.mask) === entry.mask &&
          (other.offer.price < entry.offer.price || (other.offer.price === entry.offer.price && (other.mask !== entry.mask || at < index))),
      ),
  );
  const reachable = masked.reduce((mask, entry) => mask | entry.mask, 0);
  const uncovered = wanted.filter((marker) => (reachable & bit.get(marker)!) === 0);
  if (reachable === 0) return { offers: [], price: 0, uncovered };

  // Per wanted bit: the cheapest offer holding it, and its cheapest share of one.
  const cheapest: number[] = [];
  const share: number[] = [];
  for (let index = 0; index < wanted.length; index++) {
    const holding = masked.filter((entry) => entry.mask & (1 << index));
    cheapest.push(Math.min(...holding.map((entry) => entry.offer.price)));
    share.push(Math.min(...holding.map((entry) => entry.offer.price / bitCount(entry.mask))));
  }
  const leastFor = (missing: number) => {
    let dearest = 0;
    let shares = 0;
    for (let index = 0; index < wanted.length; index++) {
      if ((missing & (1 << index)) === 0) continue;
      dearest = Math.max(dearest, cheapest[index]!);
      shares += share[index]!;
    }
    return Math.max(dearest, shares);
  };

  const best = new Map<number, Step>();
  const queue = new StepQueue();
  queue.push({ mask: 0, price: 0, bound: leastFor(reachable), count: 0, offer: -1, from: null });
  for (let step = queue.pop(); step; step = queue.pop()) {
    if (step.mask === reachable) return { offers: pathOf(step).map((index) => masked[index]!.offer), price: step.price, uncovered };
    const known = best.get(step.mask);
    if (known && known !== step) continue;
    const missing = reachable & ~step.mask;
    const first = missing & -missing;
    masked.forEach((entry, index) => {
      if ((entry.mask & first) === 0) return;
      const mask = step.mask | entry.mask;
      const price = step.price + entry.offer.price;
      const next: Step = {
        mask,
        price,
        bound: price + leastFor(reachable & ~mask),
        count: step.count + 1,
        offer: index,
        from: step,
      };
      const seen = best.get(next.mask);
      if (seen && before(seen, next) <= 0) return;
      best.set(next.mask, next);
      queue.push(next);
    });
  }
  throw new Error('unreachable: every marker the lab has is held by one of its offers');
}

function pathOf(step: Step): number[] {
  const indexes: number[] = [];
  for (let at: Step | null = step; at && at.offer >= 0; at = at.from) indexes.push(at.offer);
  return indexes.reverse();
}

/** A binary heap of steps, cheapest on top. */
class StepQueue {
  private readonly heap: Step[] = [];

  push(step: Step) {
    const heap = this.heap;
    heap.push(step);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (sooner(heap[parent]!, heap[i]!) <= 0) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  pop(): Step | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && sooner(heap[left]!, heap[least]!) < 0) least = left;
        if (right < heap.length && sooner(heap[right]!, heap[least]!) < 0) least = right;
        if (least === i) break;
        [heap[least], heap[i]] = [heap[i]!, heap[least]!];
        i = least;
      }
    }
    return top;
  }
}
