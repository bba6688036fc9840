import type { ColumnType, Generated } from 'kysely';
import type { Locale, UserType } from '../../shared/locale.ts';

/** Timestamps are read as Date and may be written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** PostgreSQL numeric comes back as a string; convert at the repository edge. */
type NumericWithDefault = ColumnType<string, number | string | undefined, number | string>;
type Json = ColumnType<unknown, string, string>;
/** A jsonb column with a default: optional on insert, written as a JSON string. */
type JsonWithDefault = ColumnType<unknown, string | undefined, string>;

export type BookingStatus = 'confirmed' | 'completed' | 'cancelled';
export type TestRequestStatus = 'pending' | 'approved' | 'rejected';
export type StoreOrderStatus = 'pending' | 'paid' | 'cancelled' | 'expired';

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  password_hash: string | null;
  google_sub: string | null;
  phone: string | null;
  is_anonymous: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserProfilesTable {
  id: string;
  name: string;
  user_type: UserType;
  approved: Generated<boolean>;
  subscription_tier: Generated<string>;
  locale: Generated<Locale>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface LabsTable {
  id: string;
  lab_name_ar: string;
  lab_name_en: string;
  license_number: string | null;
  address_ar: Generated<string>;
  address_en: Generated<string>;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  rating: NumericWithDefault;
  review_count: Generated<number>;
  time_zone: Generated<string>;
  slot_minutes: Generated<number>;
  slot_capacity: Generated<number>;
  /** ll_to_earth(latitude, longitude), kept by the database for nearest-first search. */
  earth: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LabWorkingHoursTable {
  lab_id: string;
  weekday: number;
  opens_at: string;
  closes_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name_ar: string;
  name_en: string;
  icon: Generated<string>;
  color: Generated<string>;
}

export interface TestsTable {
  id: Generated<number>;
  category_id: number;
  name_ar: string;
  name_en: string;
  description_ar: Generated<string>;
  description_en: Generated<string>;
  preparation_ar: string | null;
  preparation_en: string | null;
  fasting_hours: number | null;
  sample_type: string | null;
  turnaround_hours: number | null;
  is_popular: Generated<boolean>;
  /** Normalized names (tahaleel_normalize), kept by the database for search. */
  search_ar: ColumnType<string, never, never>;
  search_en: ColumnType<string, never, never>;
  created_at: CreatedAt;
}

export interface LabTestsTable {
  id: Generated<number>;
  lab_id: string;
  test_id: number;
  price_halalas: number;
  is_active: Generated<boolean>;
}

export interface TestRequestsTable {
  id: Generated<number>;
  requested_by_lab_id: string;
  test_name_ar: string;
  test_name_en: string;
  status: Generated<TestRequestStatus>;
  created_test_id: number | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface CheckoutsTable {
  id: Generated<string>;
  customer_id: string;
  idempotency_key: string;
  total_halalas: number;
  vat_halalas: number;
  payment_provider: string;
  payment_reference: string | null;
  status: Generated<'pending' | 'paid' | 'failed'>;
  created_at: CreatedAt;
  /** When the current attempt began (set again when a failed or abandoned one is tried again). */
  attempted_at: UpdatedAt;
  completed_at: Timestamp | null;
}

export interface BookingsTable {
  id: Generated<string>;
  customer_id: string;
  lab_test_id: number;
  checkout_id: string | null;
  booking_time: Timestamp;
  total_price_halalas: number;
  status: Generated<BookingStatus>;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

export interface LabSlotUsageTable {
  lab_id: string;
  starts_at: Timestamp;
  booked_count: Generated<number>;
}

export interface SlotHoldsTable {
  id: Generated<string>;
  lab_id: string;
  lab_test_id: number;
  starts_at: Timestamp;
  holder_id: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface ResultFilesTable {
  id: Generated<string>;
  booking_id: string;
  uploaded_by: string;
  storage_key: string;
  file_name: string;
  content_type: 'application/pdf' | 'image/jpeg' | 'image/png';
  size_bytes: number;
  sha256: string;
  created_at: CreatedAt;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  locale: Generated<Locale>;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  actor_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  details: JsonWithDefault;
  created_at: CreatedAt;
}

export interface CatalogVersionTable {
  id: Generated<number>;
  version: ColumnType<string, never, never>;
}

export interface AuthRateLimitsTable {
  key: string;
  window_started_at: Timestamp;
  attempts: number;
}

export interface StoreCurrenciesTable {
  code: string;
  symbol: string;
  template: string;
  /** The Arabic page's template; null means `template` serves both languages. */
  template_ar: string | null;
}

export interface StoreCollectionsTable {
  id: Generated<number>;
  slug: string;
  title_ar: string;
  title_en: string;
}

export interface StoreProductsTable {
  id: Generated<number>;
  slug: string;
  type: string;
  title_ar: string;
  title_en: string;
  subtitle_ar: string | null;
  subtitle_en: string | null;
  ribbon_text_ar: string | null;
  ribbon_text_en: string | null;
  description_ar: Generated<string>;
  description_en: Generated<string>;
  currency: string;
  purchasable: Generated<boolean>;
  is_hidden: Generated<boolean>;
  sort_order: Generated<number>;
  site_product_selection: string | null;
  status: Generated<'draft' | 'published'>;
  metadata: Generated<Json>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Timestamp | null;
}

export interface StoreProductImagesTable {
  id: Generated<number>;
  product_id: number;
  url: string;
  sort_order: Generated<number>;
  type: Generated<string>;
}

export interface StoreProductCollectionsTable {
  product_id: number;
  collection_id: number;
  sort_order: Generated<number>;
}

export interface StoreOptionsTable {
  id: Generated<number>;
  product_id: number;
  title_ar: string;
  title_en: string;
  sort_order: Generated<number>;
}

export interface StoreOptionValuesTable {
  id: Generated<number>;
  option_id: number;
  value_ar: string;
  value_en: string;
  sort_order: Generated<number>;
}

export interface StoreVariantsTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  title_ar: string;
  title_en: string;
  image_url: string | null;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  manage_inventory: Generated<boolean>;
  inventory_quantity: Generated<number>;
  weight_grams: number | null;
  sort_order: Generated<number>;
}

export interface StoreVariantOptionValuesTable {
  variant_id: number;
  option_value_id: number;
}

export interface StoreAdditionalInfoTable {
  id: Generated<number>;
  product_id: number;
  sort_order: Generated<number>;
  title_ar: string;
  title_en: string;
  description_ar: string;
  description_en: string;
}

export interface StoreCustomFieldsTable {
  id: Generated<number>;
  product_id: number;
  title_ar: string;
  title_en: string;
  is_required: Generated<boolean>;
}

export interface StoreRelatedProductsTable {
  id: Generated<number>;
  product_id: number;
  related_id: number;
  section_title_ar: string;
  section_title_en: string;
  related_type: Generated<string>;
  position: Generated<number>;
}

export interface StoreOrdersTable {
  id: Generated<string>;
  user_id: string | null;
  status: Generated<StoreOrderStatus>;
  currency: string;
  total_cents: number;
  locale: Generated<string>;
  time_zone: Generated<string>;
  success_url: string;
  cancel_url: string;
  reserved_until: Timestamp;
  created_at: CreatedAt;
  paid_at: Timestamp | null;
  payment_reference: string | null;
  card_last4: string | null;
}

export interface StoreOrderItemsTable {
  id: Generated<number>;
  order_id: string;
  variant_id: number;
  quantity: number;
  unit_price_cents: number;
}

export interface Database {
  users: UsersTable;
  user_profiles: UserProfilesTable;
  sessions: SessionsTable;
  labs: LabsTable;
  lab_working_hours: LabWorkingHoursTable;
  categories: CategoriesTable;
  tests: TestsTable;
  lab_tests: LabTestsTable;
  test_requests: TestRequestsTable;
  checkouts: CheckoutsTable;
  bookings: BookingsTable;
  lab_slot_usage: LabSlotUsageTable;
  slot_holds: SlotHoldsTable;
  result_files: ResultFilesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  audit_log: AuditLogTable;
  auth_rate_limits: AuthRateLimitsTable;
  catalog_version: CatalogVersionTable;
  store_currencies: StoreCurrenciesTable;
  store_collections: StoreCollectionsTable;
  store_products: StoreProductsTable;
  store_product_images: StoreProductImagesTable;
  store_product_collections: StoreProductCollectionsTable;
  store_options: StoreOptionsTable;
  store_option_values: StoreOptionValuesTable;
  store_variants: StoreVariantsTable;
  store_variant_option_values: StoreVariantOptionValuesTable;
  store_additional_info: StoreAdditionalInfoTable;
  store_custom_fields: StoreCustomFieldsTable;
  store_related_products: StoreRelatedProductsTable;
  store_orders: StoreOrdersTable;
  store_order_items: StoreOrderItemsTable;
}
