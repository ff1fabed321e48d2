'use client';

import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_OPTIONS } from './toast-options';

/** react-toastify's container with the SPEC §9 constants; loaded by <ToastHost /> on the first toast. */
export function AppToastContainer() {
  return <ToastContainer {...TOAST_OPTIONS} />;
}
