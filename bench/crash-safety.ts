// `npm run bench:crash`: lab-test bookings and store checkouts run at once against the real server,
// which is killed with SIGKILL while requests are in flight, then restarted on the same database.
// After each crash the clock is moved past every hold and reservation (as if the server had been
// down that long), buyers come back the way the pages bring them back, and the database is checked:
// no half-written checkout, no slot over capacity or miscounted, no stock lost or sold twice.
// Exits non-zero if any check fails.
//
// Needs PostgreSQL (BENCH_DATABASE_URL, default the local server); works in a scratch database it
// drops afterwards. Everything is sent to 127.0.0.1. Settings (environment):
//   CRASH_CYCLES=3            kill/restart cycles
//   CRASH_KILL_AFTER_MS=1000-3000  when to kill, after the load starts: a number or a random range
//   CRASH_WORKERS=24          concurrent buyers, half booking lab tests, half buying in the store
//   CRASH_MAX_ATTEMPTS=600    at most this many checkouts per cycle…
//   CRASH_MAX_SECONDS=10      …and this long (the kill normally comes first)
//   CRASH_PAYMENT_DELAY_MS=150  the simulated lab-test payment's wait (widens the window to crash in)
//   CRASH_SEED                seed of the buyers' choices (printed, to replay a run's choices)
//   CRASH_PORT=3620
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { CHECKOUT_ABANDONED_MINUTES, HOLD_MINUTES } from '../src/server/modules/booking/booking.service.ts';
import { STORE_RESERVATION_MINUTES } from '../src/shared/store.ts';
import { type ApiResponse, apiClient, cookiePair, overHttp } from '../tests/setup/http.ts';
import { approvedPayment, createTestVariant, orderIdOf } from '../tests/setup/store.ts';
import {
  type BenchCustomer,
  type BenchLab,
  benchAdminUrl,
  countEach,
  createOpenLabs,
  createScratchDatabase,
  type ServerProcess,
  signedInCustomers,
  slotAt,
  slotDate,
  startServer,
} from './support.ts';

const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};
const CYCLES = numberFrom('CRASH_CYCLES', 3);
const [KILL_MIN, KILL_MAX] = (process.env.CRASH_KILL_AFTER_MS ?? '1000-3000').split('-').map(Number) as [number, number?];
const WORKERS = numberFrom('CRASH_WORKERS', 24);
const MAX_ATTEMPTS = numberFrom('CRASH_MAX_ATTEMPTS', 600);
const MAX_SECONDS = numberFrom('CRASH_MAX_SECONDS', 10);
const PAYMENT_DELAY_MS = numberFrom('CRASH_PAYMENT_DELAY_MS', 150);
const SEED = numberFrom('CRASH_SEED', Math.floor(Math.random() * 2 ** 31));
const PORT = numberFrom('CRASH_PORT', 3620);

// Small on purpose, so buyers compete: per cycle 4 labs × 24 slots of 2 seats, and 3 variants of 100 units.
const LABS = 4;
const SLOTS_PER_CYCLE = 24;
const SEATS = 2;
const VARIANTS = 3;
const STOCK = 100;

/** mulberry32: the buyers' choices from a seed. */
let state = SEED;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** A shopper's pause (reading, typing a card number): 20–150 ms. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 20 + random() * 130));

// ---------------------------------------------------------------------------------------------
// What the buyers saw.

interface BookingItem {
  labTestId: number;
  bookingTime: string;
}

interface BookingAttempt {
  cycle: number;
  customer: BenchCustomer;
  key: string;
  items: BookingItem[];
  /** 'confirmed', an error code, or 'interrupted' (no answer: the server died). */
  outcome: string;
  /** The answer to the same request sent again after the restart (the checkout page keeps the key). */
  retried?: string;
}

interface StoreAttempt {
  cycle: number;
  orderId: string | null;
  items: { variantId: number; quantity: number }[];
  /** The Cookie header of the browser that checked out: the session, or a guest's store key (only it may pay or cancel). */
  browser?: string;
  /** checkout: 'reserved' | error | 'interrupted'; then pay: 'paid' | error | 'interrupted'; or 'cancelled' / 'abandoned'. */
  outcome: string;
  retried?: string;
}

const bookingAttempts: BookingAttempt[] = [];
const storeAttempts: StoreAttempt[] = [];
let holdsAbandoned = 0;
let holdsRefused = 0;

const INTERRUPTED = 'interrupted';

function answer(response: ApiResponse): string {
  if (response.status === 200) return 'ok';
  return response.error?.data.appCode ?? `HTTP ${response.status}`;
}

/** The request's answer, or 'interrupted' when the connection died (the server was killed). */
async function send(call: () => Promise<ApiResponse>): Promise<{ outcome: string; response?: ApiResponse }> {
  try {
    const response = await call();
    return { outcome: answer(response), response };
  } catch {
    return { outcome: INTERRUPTED };
  }
}

// ---------------------------------------------------------------------------------------------
// The load.

interface Load {
  cycle: number;
  api: ReturnType<typeof apiClient>;
  slots: { lab: BenchLab; bookingTime: string }[];
  variantIds: number[];
  returnUrls: { successUrl: string; cancelUrl: string };
  deadline: number;
  started: number;
  /** Set once a request found the server gone: every buyer stops. */
  down: boolean;
}

/** A customer fills a cart with one or two slots (each held, as the cart does) and checks out. */
async function bookingBuyer(load: Load, customer: BenchCustomer) {
  while (!load.down && performance.now() < load.deadline && load.started < MAX_ATTEMPTS) {
    const wanted = random() < 0.3 ? 2 : 1;
    const cart: BookingItem[] = [];
    for (let index = 0; index < wanted; index++) {
      const slot = pick(load.slots);
      const item = { labTestId: slot.lab.lab_test_id, bookingTime: slot.bookingTime };
      if (cart.some((entry) => entry.labTestId === item.labTestId && entry.bookingTime === item.bookingTime)) continue;
      const hold = await send(() => load.api.mutate('booking.holdSlot', item, customer.cookie));
      if (hold.outcome === INTERRUPTED) {
        load.down = true;
        return;
      }
      if (hold.outcome === 'ok') cart.push(item);
      else holdsRefused++;
    }
    if (cart.length === 0) continue;
    // Some leave with their cart: the holds must lapse on their own.
    if (random() < 0.1) {
      holdsAbandoned += cart.length;
      continue;
    }
    load.started++;
    const attempt: BookingAttempt = { cycle: load.cycle, customer, key: crypto.randomUUID(), items: cart, outcome: INTERRUPTED };
    bookingAttempts.push(attempt);
    const created = await send(() => load.api.mutate('booking.create', { items: cart, idempotencyKey: attempt.key }, customer.cookie));
    attempt.outcome = created.outcome === 'ok' ? 'confirmed' : created.outcome;
    if (created.outcome === INTERRUPTED) {
      load.down = true;
      return;
    }
  }
}

/** A shopper checks out one or two variants, then pays (mostly), cancels, or walks away. */
async function storeBuyer(load: Load, customer: BenchCustomer) {
  while (!load.down && performance.now() < load.deadline && load.started < MAX_ATTEMPTS) {
    load.started++;
    const items = [...new Set([pick(load.variantIds), pick(load.variantIds)])].map((variantId) => ({
      variantId,
      quantity: random() < 0.7 ? 1 : 2,
    }));
    const attempt: StoreAttempt = { cycle: load.cycle, orderId: null, items, outcome: INTERRUPTED };
    storeAttempts.push(attempt);
    // Half the shoppers are signed in; the store is open to everyone.
    const cookie = random() < 0.5 ? customer.cookie : undefined;
    const checkout = await send(() =>
      load.api.mutate<{ url: string }>('store.checkout', { items, ...load.returnUrls, locale: 'ar', timeZone: 'Asia/Riyadh' }, cookie),
    );
    if (checkout.outcome !== 'ok') {
      attempt.outcome = checkout.outcome;
      if (checkout.outcome === INTERRUPTED) {
        load.down = true;
        return;
      }
      await pause();
      continue;
    }
    attempt.orderId = orderIdOf((checkout.response!.data as { url: string }).url);
    const browser = cookie ?? cookiePair(checkout.response!.cookies.find((set) => /^(__Host-)?tahaleel_store=/.test(set)));
    attempt.browser = browser;
    const choice = random();
    if (choice < 0.15) {
      attempt.outcome = 'abandoned';
      continue;
    }
    const orderId = attempt.orderId;
    await pause();
    const step =
      choice < 0.25
        ? await send(() => load.api.mutate('store.hostedCheckout.cancel', { orderId }, browser))
        : await send(() => load.api.mutate('store.hostedCheckout.pay', { orderId, ...approvedPayment }, browser));
    attempt.outcome =
      step.outcome === 'ok' ? (choice < 0.25 ? 'cancelled' : 'paid') : `${choice < 0.25 ? 'cancel' : 'pay'}: ${step.outcome}`;
    if (step.outcome === INTERRUPTED) {
      load.down = true;
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The checks.

const checked = new Map<string, { checks: number; failed: number }>();
/** The first few failures of each invariant, with what failed. */
const failures: string[] = [];
let failedChecks = 0;

/** Records one check of an invariant; a failing one is counted and the first few are listed. */
function expect(invariant: string, ok: boolean, detail: () => string) {
  const tally = checked.get(invariant) ?? { checks: 0, failed: 0 };
  checked.set(invariant, tally);
  tally.checks++;
  if (ok) return;
  tally.failed++;
  failedChecks++;
  if (tally.failed <= 5) failures.push(`${invariant}: ${detail()}`);
}

async function checkInvariants(
  db: Awaited<ReturnType<typeof createScratchDatabase>>['db'],
  api: ReturnType<typeof apiClient>,
  labs: BenchLab[],
  variants: { id: number; productId: number; initial: number }[],
  cycle: number,
) {
  // Lab-test checkouts: paid with all their bookings, or not paid with none.
  const checkouts = await sql<{
    id: string;
    customer_id: string;
    idempotency_key: string;
    status: string;
    payment_reference: string | null;
    completed_at: Date | null;
    total_halalas: number;
    bookings: number;
    confirmed: number;
    booked_halalas: number;
  }>`
    select c.id, c.customer_id, c.idempotency_key, c.status, c.payment_reference, c.completed_at, c.total_halalas,
           count(b.id)::int as bookings, count(b.id) filter (where b.status = 'confirmed')::int as confirmed,
           coalesce(sum(b.total_price_halalas), 0)::int as booked_halalas
    from checkouts c left join bookings b on b.checkout_id = c.id
    group by c.id`.execute(db);
  for (const checkout of checkouts.rows) {
    if (checkout.status === 'paid') {
      expect(
        'paid checkout has its payment and all its bookings',
        checkout.payment_reference !== null &&
          checkout.completed_at !== null &&
          checkout.bookings > 0 &&
          checkout.confirmed === checkout.bookings &&
          checkout.booked_halalas === checkout.total_halalas,
        () => JSON.stringify(checkout),
      );
    } else {
      expect('unpaid checkout has no booking', checkout.bookings === 0, () => JSON.stringify(checkout));
    }
    expect('no checkout left half-way (pending) after the restart', checkout.status !== 'pending', () => JSON.stringify(checkout));
  }
  const orphans = await sql<{ id: string }>`
    select b.id from bookings b left join checkouts c on c.id = b.checkout_id where c.id is null or c.status <> 'paid'`.execute(db);
  expect('every booking belongs to a paid checkout', orphans.rows.length === 0, () => `${orphans.rows.length} bookings without one`);

  const byKey = new Map(checkouts.rows.map((row) => [`${row.customer_id}|${row.idempotency_key}`, row]));
  for (const attempt of bookingAttempts) {
    const row = byKey.get(`${attempt.customer.id}|${attempt.key}`);
    const finalAnswer = attempt.retried ?? attempt.outcome;
    if (finalAnswer === 'confirmed') {
      expect(
        'a booking the customer was shown is stored, with every slot of the cart',
        row?.status === 'paid' && row.bookings === attempt.items.length,
        () => `${attempt.key}: ${JSON.stringify(row)}`,
      );
    } else {
      expect(
        'a checkout the customer was refused has no booking',
        row === undefined || (row.status !== 'paid' && row.bookings === 0),
        () => `${attempt.key} (${finalAnswer}): ${JSON.stringify(row)}`,
      );
    }
  }

  // Slots: never over capacity, and the seat counter agrees with the bookings.
  const slots = await sql<{ lab_id: string; starts_at: Date; capacity: number; counted: number | null; booked: number }>`
    with b as (
      select lt.lab_id, b.booking_time as starts_at, count(*)::int as booked
      from bookings b join lab_tests lt on lt.id = b.lab_test_id
      where b.status in ('confirmed', 'completed') group by 1, 2
    )
    select coalesce(u.lab_id, b.lab_id) as lab_id, coalesce(u.starts_at, b.starts_at) as starts_at, l.slot_capacity as capacity,
           u.booked_count as counted, coalesce(b.booked, 0) as booked
    from lab_slot_usage u full join b on b.lab_id = u.lab_id and b.starts_at = u.starts_at
    join labs l on l.id = coalesce(u.lab_id, b.lab_id)`.execute(db);
  for (const slot of slots.rows) {
    expect('bookings per slot ≤ capacity', slot.booked <= slot.capacity, () => JSON.stringify(slot));
    expect('slot seat counter = bookings stored', (slot.counted ?? 0) === slot.booked, () => JSON.stringify(slot));
  }

  // After the lapse, a slot is offered exactly when it has a free seat: no lapsed hold keeps one.
  const booked = new Map(slots.rows.map((slot) => [`${slot.lab_id}|${new Date(slot.starts_at).toISOString()}`, slot.booked]));
  for (const lab of labs) {
    const offered = await api.query<Array<{ starts_at: string }>>(
      `booking.availableSlots?input=${encodeURIComponent(JSON.stringify({ labId: lab.id, date: slotDate }))}`,
    );
    const times = new Set((offered.data ?? []).map((slot) => slot.starts_at));
    for (let index = 0; index < SLOTS_PER_CYCLE * (cycle + 1); index++) {
      const bookingTime = slotAt(index);
      const free = (booked.get(`${lab.id}|${bookingTime}`) ?? 0) < lab.capacity;
      expect(
        'a slot is offered exactly when a seat is free (lapsed holds keep none)',
        times.has(bookingTime) === free,
        () =>
          `${lab.id} ${bookingTime}: offered ${times.has(bookingTime)}, booked ${booked.get(`${lab.id}|${bookingTime}`) ?? 0}/${lab.capacity}`,
      );
    }
  }

  // Store: a paid order has its payment; stock on hand + sold = initial, never negative.
  const orders = await sql<{
    id: string;
    status: string;
    paid_at: Date | null;
    payment_reference: string | null;
    card_last4: string | null;
    live: boolean;
  }>`
    select id, status, paid_at, payment_reference, card_last4, reserved_until > clock_timestamp() as live from store_orders`.execute(db);
  const orderStatus = new Map(orders.rows.map((order) => [order.id, order.status]));
  for (const order of orders.rows) {
    if (order.status === 'paid') {
      expect(
        'paid order has its payment recorded',
        order.paid_at !== null && order.payment_reference !== null && order.card_last4 !== null,
        () => JSON.stringify(order),
      );
    }
    expect('no order still reserves stock after the lapse', !(order.status === 'pending' && order.live), () => JSON.stringify(order));
  }
  const stock = await sql<{ id: number; inventory_quantity: number; sold: number }>`
    select v.id, v.inventory_quantity,
           coalesce((select sum(oi.quantity) from store_order_items oi join store_orders o on o.id = oi.order_id
                     where oi.variant_id = v.id and o.status = 'paid'), 0)::int as sold
    from store_variants v where v.id in (${sql.join(variants.map((variant) => variant.id))})`.execute(db);
  for (const variant of variants) {
    const row = stock.rows.find((entry) => entry.id === variant.id)!;
    expect('stock + sold = initial stock', row.inventory_quantity + row.sold === variant.initial, () =>
      JSON.stringify({ ...row, initial: variant.initial }),
    );
    expect('no negative stock', row.inventory_quantity >= 0, () => JSON.stringify(row));
  }
  for (const attempt of storeAttempts) {
    const finalAnswer = attempt.retried ?? attempt.outcome;
    if (finalAnswer === 'paid') {
      expect(
        'an order the shopper saw paid is paid',
        attempt.orderId !== null && orderStatus.get(attempt.orderId) === 'paid',
        () => `${attempt.orderId}: ${orderStatus.get(attempt.orderId ?? '')}`,
      );
    } else if (attempt.orderId) {
      expect(
        'an order the shopper did not pay for is not paid',
        orderStatus.get(attempt.orderId) !== 'paid',
        () => `${attempt.orderId} (${finalAnswer}): ${orderStatus.get(attempt.orderId!)}`,
      );
    }
  }
  // What the store shows as available is the stock on hand: no lapsed reservation holds any.
  const shown = await api.query<{ variants: Array<{ id: number | string; inventory_quantity: number }> }>(
    `store.variants?input=${encodeURIComponent(JSON.stringify({ productIds: variants.map((variant) => variant.productId) }))}`,
  );
  for (const variant of variants) {
    const onHand = stock.rows.find((entry) => entry.id === variant.id)!.inventory_quantity;
    const available = shown.data?.variants.find((entry) => Number(entry.id) === variant.id)?.inventory_quantity;
    expect(
      'the store offers all stock on hand once reservations lapse',
      available === onHand,
      () => `variant ${variant.id}: shows ${available}, has ${onHand}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The run.

const name = `tahaleel_bench_crash_${process.pid}`;
const scratch = await createScratchDatabase(benchAdminUrl, name);
const db = scratch.db;
const dataDir = mkdtempSync(join(tmpdir(), 'tahaleel-crash-'));
let server: ServerProcess | undefined;
let exitCode = 1;

try {
  const labs = await createOpenLabs(
    db,
    Array.from({ length: LABS }, () => SEATS),
  );
  const customers = await signedInCustomers(db, WORKERS);
  const variants: { id: number; productId: number; initial: number }[] = [];
  const serverEnv = {
    PAYMENT_DELAY_MS: String(PAYMENT_DELAY_MS),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    DATA_DIR: dataDir,
  };
  console.log(
    `crash safety: ${CYCLES} cycles, ${WORKERS} buyers (${Math.ceil(WORKERS / 2)} lab tests, ${Math.floor(WORKERS / 2)} store), ` +
      `kill after ${KILL_MAX ? `${KILL_MIN}–${KILL_MAX}` : KILL_MIN} ms, payment delay ${PAYMENT_DELAY_MS} ms, seed ${SEED}; database ${name}`,
  );

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    // Each cycle sells its own variants and books its own slots, so every cycle has stock and seats to fight over.
    const cycleVariants: typeof variants = [];
    for (let index = 0; index < VARIANTS; index++) {
      const { variantId, productId } = await createTestVariant(db, { stock: STOCK });
      cycleVariants.push({ id: variantId, productId, initial: STOCK });
    }
    variants.push(...cycleVariants);
    server = await startServer({ port: PORT, databaseUrl: scratch.url, env: serverEnv });
    const base = server.base;
    const api = apiClient(overHttp(base), base);
    // A running server has loaded its code by the time traffic comes: warm it up first.
    await api.query(`booking.availableSlots?input=${encodeURIComponent(JSON.stringify({ labId: labs[0]!.id, date: slotDate }))}`);
    await api.query(
      `store.variants?input=${encodeURIComponent(JSON.stringify({ productIds: variants.map((variant) => variant.productId) }))}`,
    );
    const load: Load = {
      cycle,
      api,
      slots: labs.flatMap((lab) =>
        Array.from({ length: SLOTS_PER_CYCLE }, (_, index) => ({ lab, bookingTime: slotAt(cycle * SLOTS_PER_CYCLE + index) })),
      ),
      variantIds: cycleVariants.map((variant) => variant.id),
      returnUrls: { successUrl: `${base}/store/success`, cancelUrl: `${base}/store` },
      deadline: performance.now() + MAX_SECONDS * 1000,
      started: 0,
      down: false,
    };
    const killAfter = KILL_MAX ? KILL_MIN + Math.floor(random() * (KILL_MAX - KILL_MIN)) : KILL_MIN;
    const before = { bookings: bookingAttempts.length, orders: storeAttempts.length };
    const victim = server;
    const killed = new Promise<string>((resolve) =>
      setTimeout(() => {
        victim.child.kill('SIGKILL');
        void victim.exited.then(resolve);
      }, killAfter),
    );
    await Promise.all(customers.map((customer, index) => (index % 2 === 0 ? bookingBuyer(load, customer) : storeBuyer(load, customer))));
    const how = await killed;
    server = undefined;
    const cycleBookings = bookingAttempts.slice(before.bookings);
    const cycleOrders = storeAttempts.slice(before.orders);
    const tally = (outcomes: string[]) =>
      Object.entries(countEach(outcomes))
        .map(([outcome, count]) => `${outcome} ${count}`)
        .join(', ');
    console.log(`\ncycle ${cycle + 1}: server killed (${how}) after ${killAfter} ms`);
    console.log(`  lab-test checkouts ${cycleBookings.length}: ${tally(cycleBookings.map((attempt) => attempt.outcome))}`);
    console.log(`  store checkouts ${cycleOrders.length}: ${tally(cycleOrders.map((attempt) => attempt.outcome))}`);

    // The server stays down past every hold, reservation and checkout attempt: the database's times
    // are moved back by that much (the product reads the clock, so this is time passing for it).
    const lapse = Math.max(HOLD_MINUTES, STORE_RESERVATION_MINUTES, CHECKOUT_ABANDONED_MINUTES) + 1;
    await sql`update slot_holds set expires_at = expires_at - make_interval(mins => ${lapse})`.execute(db);
    await sql`update store_orders set reserved_until = reserved_until - make_interval(mins => ${lapse})`.execute(db);
    await sql`update checkouts set attempted_at = attempted_at - make_interval(mins => ${lapse})`.execute(db);

    server = await startServer({ port: PORT, databaseUrl: scratch.url, env: serverEnv });
    // Buyers come back as the pages bring them back. The checkout page sends the same request again
    // (it keeps its key until it succeeds); the payment page is reopened and paid again.
    for (const attempt of cycleBookings.filter((entry) => entry.outcome === INTERRUPTED)) {
      const again = await send(() =>
        api.mutate('booking.create', { items: attempt.items, idempotencyKey: attempt.key }, attempt.customer.cookie),
      );
      attempt.retried = again.outcome === 'ok' ? 'confirmed' : again.outcome;
      expect(
        'a checkout sent again after the crash is answered (booked or refused), not left in progress',
        ['confirmed', 'SLOT_UNAVAILABLE'].includes(attempt.retried),
        () => `${attempt.key}: ${attempt.retried}`,
      );
    }
    for (const attempt of cycleOrders.filter((entry) => entry.orderId !== null)) {
      const orderId = attempt.orderId!;
      const page = await send(() => api.query(`store.hostedCheckout.get?input=${encodeURIComponent(JSON.stringify({ orderId }))}`));
      expect('a payment page opens after the restart', page.outcome === 'ok', () => `${orderId}: ${page.outcome}`);
      if (attempt.outcome === `pay: ${INTERRUPTED}`) {
        const again = await send(() => api.mutate('store.hostedCheckout.pay', { orderId, ...approvedPayment }, attempt.browser));
        attempt.retried = again.outcome === 'ok' ? 'paid' : again.outcome;
        expect(
          'a payment sent again after the crash is answered (paid or expired)',
          ['paid', 'CHECKOUT_EXPIRED'].includes(attempt.retried),
          () => `${orderId}: ${attempt.retried}`,
        );
      }
    }

    const failedBefore = failedChecks;
    await checkInvariants(db, api, labs, variants, cycle);
    console.log(
      `  after restart and lapse: ${failedChecks === failedBefore ? 'every invariant holds' : `${failedChecks - failedBefore} checks FAILED`}`,
    );
    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;
  }

  // Summary.
  const finalOf = (attempt: { outcome: string; retried?: string }) => attempt.retried ?? attempt.outcome;
  const confirmed = bookingAttempts.filter((attempt) => finalOf(attempt) === 'confirmed').length;
  const interruptedBookings = bookingAttempts.filter((attempt) => attempt.outcome === INTERRUPTED);
  const storedBookings = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  // A pending order here is one whose checkout answer was lost: nobody can reopen it, its reservation has lapsed.
  const orders = await sql<{ status: string; n: number }>`
    select case when status = 'pending' then 'pending (lapsed, never reopened)' else status end as status, count(*)::int as n
    from store_orders group by 1 order by 1`.execute(db);
  const interruptedOrders = storeAttempts.filter((attempt) => attempt.outcome === INTERRUPTED || attempt.outcome === `pay: ${INTERRUPTED}`);
  console.log('\nsummary');
  console.log(
    `  lab-test checkouts attempted ${bookingAttempts.length}: confirmed ${confirmed}, absent ${bookingAttempts.length - confirmed} ` +
      `(cut off by a kill ${interruptedBookings.length}, of which booked when sent again ${interruptedBookings.filter((attempt) => attempt.retried === 'confirmed').length}); ` +
      `bookings stored ${storedBookings.n}; slots refused when put in the cart ${holdsRefused}, left held in an abandoned cart ${holdsAbandoned}`,
  );
  console.log(
    `  store checkouts attempted ${storeAttempts.length}: orders ${orders.rows.map((row) => `${row.status} ${row.n}`).join(', ')} ` +
      `(cut off by a kill ${interruptedOrders.length}, of which paid ${interruptedOrders.filter((attempt) => finalOf(attempt) === 'paid').length})`,
  );
  const total = [...checked.values()].reduce((sum, tally) => sum + tally.checks, 0);
  console.log(`  invariants: ${checked.size} kinds, ${total} checks (after each restart, over everything so far), ${failedChecks} failed`);
  for (const [invariant, tally] of checked) {
    console.log(`    ${String(tally.checks).padStart(5)}  ${tally.failed > 0 ? `${tally.failed} FAILED  ` : ''}${invariant}`);
  }
  if (failedChecks > 0) {
    console.log(`\nFAILED: ${failedChecks} checks; the first of each kind:`);
    for (const failure of failures) console.log(`  ${failure}`);
  } else {
    console.log('\nresult: every invariant held through every crash');
  }
  exitCode = failedChecks > 0 ? 1 : 0;
} finally {
  if (server) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
