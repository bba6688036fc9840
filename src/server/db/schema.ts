// The row types are generated from the schema that migrations/ builds (database.gen.ts, `npm run db:types`);
// this module gives the app's names for them. The generated file also exports the other CHECK unions
// (StoreOrderStatus, CheckoutStatus, ...) for code that needs them.
import type { DB, ResultFiles } from './database.gen.ts';

export type { BookingStatus, TestRequestStatus } from './database.gen.ts';
export type Database = DB;
export type ResultFilesTable = ResultFiles;
