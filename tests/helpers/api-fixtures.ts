import type { ProductStatus, User } from '@/contract/types';

/** A signed-in customer as GET /api/v1/auth/user and the sign-in answers carry it. */
export const testUser: User = {
  id: 1,
  email: 'a@b.ro',
  first_name: 'Ana',
  last_name: 'Pop',
  phone_number: '0722000000',
  is_two_factor_enabled: false,
  is_two_factor_required: false,
  is_deleted: false,
  created_at: '2026-01-01T00:00:00Z',
};

/** The product statuses record of the `x-site-product-statuses` header. */
export const productStatuses = (updatedAt: string, rca = true): ProductStatus => ({
  id: 1,
  is_ro_vignette_available: false,
  is_hu_vignette_available: false,
  is_rca_available: rca,
  is_travel_available: true,
  is_house_insurance_available: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: updatedAt,
  deleted_at: null,
});
