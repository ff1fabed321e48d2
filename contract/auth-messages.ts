/**
 * Messages of the authentication endpoints that the web app recognises (no zod here: the browser's first load
 * imports this file).
 */

/** 422 on `email` of `POST /api/v1/auth/register`: an account already has this address. */
export const EMAIL_TAKEN = 'Există deja un cont cu acest email.';
