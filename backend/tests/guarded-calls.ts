import { WEB } from './helpers';

/** A call a test makes with some session: method, path, body. */
export type GuardedCall = [string, string, unknown?];

/**
 * The signed-in calls that reach an account's data or change it, as the account `email` would make them: what a
 * session that owes the second factor, or its setup, must be refused (two-factor-enforcement.test.ts,
 * two-factor-setup-required.test.ts). One list, so that a call added to the API is added to both checks.
 */
export function accountDataCalls(email: string, name = { first_name: 'Ion', last_name: 'Popescu' }): GuardedCall[] {
  const profileBody = { ...name, phone_number: '0711111111', address: null };
  const storeBody = { customer: { email, ...name, phone_number: '0711111111' }, product_id: 'rca', token: '' };
  return [
    ['GET', '/api/v1/profile'],
    ['PUT', '/api/v1/profile', profileBody],
    ['GET', '/api/v1/preferences'],
    ['PUT', '/api/v1/preferences', { marketing_email: true }],
    ['GET', '/api/v1/sessions'],
    ['DELETE', '/api/v1/sessions/1'],
    ['POST', '/api/v1/sessions/revoke-others', {}],
    ['POST', '/api/v1/auth/change-password', { current_password: 'Parola-Demo-2026', password: 'Alta-Parola-2027!', password_confirmation: 'Alta-Parola-2027!' }],
    ['GET', '/api/v1/orders'],
    ['GET', '/api/v1/orders/1'],
    ['GET', '/api/v1/orders/1/invoice'],
    ['POST', '/api/v1/orders', { quote_id: 'x', offer_id: 'y', customer: {}, consents: {} }],
    ['POST', '/api/v1/orders/1/payments', { return_url: `${WEB}/thank-you` }],
    ['GET', '/api/v1/policies'],
    ['GET', '/api/v1/policies/1'],
    ['GET', '/api/v1/policies/1/document'],
    ['POST', '/api/v1/users/store-from-product-page', storeBody],
    ['POST', '/api/v1/auth/two-factor/remove', { token: '', recovery_key: 'DEMO-CODE-0009', provider_code: 'authenticator' }],
    ['POST', '/api/v1/quotes', { product_code: 'rca', input: {} }],
  ];
}
