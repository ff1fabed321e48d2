/** SPEC §9 toast constants. */
export const TOAST_OPTIONS = {
  autoClose: 5000,
  position: 'top-right',
  limit: 20,
  newestOnTop: true,
  draggable: true,
  draggablePercent: 60,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
} as const;
