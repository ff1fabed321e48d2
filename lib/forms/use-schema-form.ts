'use client';

import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  get,
  useController,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '@/lib/api/errors';
import { clearDraft, readDraft, writeDraft } from '@/lib/shop/draft-store';
import { mergeDraft } from '@/lib/shop/paths';

/**
 * The one form layer of the app: react-hook-form with the zod resolver. Every form (auth, account, contact, the
 * purchase forms) is built on `useSchemaForm`; the purchase forms add `useDraftPersistence` (what was typed survives
 * a reload, going back and any error).
 *
 * The schema may be loaded on demand (`() => import('@/lib/validation/auth').then((m) => m.loginSchema)`), together
 * with the resolver, so zod is not in a page's first-load JavaScript: loading starts at the first edit, and is
 * usually done by the time the form is validated.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => S | Promise<S>);

/** Shown when the validation code cannot be loaded (offline, new deploy); nothing is sent. */
export const VALIDATION_UNAVAILABLE = 'Nu am putut verifica datele. Verificați conexiunea și încercați din nou.';

/** Romanian fallback for failures that carry no message (network down, unexpected answer). */
export const UNKNOWN_ERROR = 'A apărut o eroare. Vă rugăm să încercați din nou.';

/** Where a message for the whole form lives (react-hook-form's root errors). */
export const FORM_ERROR = 'root.form' as const;

/**
 * What a submit handler may return: 'redirecting' keeps the form busy while the page is left; 'reset' empties
 * the form to its defaults (e.g. passwords after a change).
 */
export type SubmitOutcome = void | 'redirecting' | 'reset';

/**
 * A resolver that loads the schema and @hookform/resolvers' zod resolver on first use (and again after a failed
 * load). Field messages land on their dotted paths (`vehicle.make`, `travellers.1.birth_date`), where a server 422
 * lands too; an issue about the whole value (zod path []) goes on the form. When the schema cannot be loaded,
 * validation fails with VALIDATION_UNAVAILABLE on the form, so nothing is sent.
 */
export function lazyZodResolver<V extends FieldValues, Out>(source: SchemaSource<z.ZodType<Out, V>>) {
  let loading: Promise<Resolver<V, unknown, Out>> | null = null;
  const load = () => {
    loading ??= Promise.all([
      typeof source === 'function' ? source() : source,
      import('@hookform/resolvers/zod'),
      import('@/contract/fields'),
    ]).then(
      // A contract check without a message of its own reads as the backend's 422 would (in Romanian).
      ([schema, { zodResolver }, { romanianIssueMessage }]) =>
        zodResolver(schema as never, { error: romanianIssueMessage } as never) as unknown as Resolver<V, unknown, Out>,
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const resolver: Resolver<V, unknown, Out> = async (values, context, options) => {
    let resolve: Resolver<V, unknown, Out>;
    try {
      resolve = await load();
    } catch {
      return { values: {}, errors: { root: { form: { type: 'unavailable', message: VALIDATION_UNAVAILABLE } } } } as never;
    }
    const result = await resolve(values, context, options);
    const { '': whole, ...onFields } = result.errors as Record<string, { message?: string; type?: string } | undefined>;
    if (!whole) return result;
    return { values: {}, errors: { ...onFields, root: { form: { type: whole.type ?? 'validation', message: whole.message } } } } as never;
  };
  return { resolver, preload: () => void load().catch(() => undefined) };
}

type Options<V extends FieldValues, Out> = {
  schema: SchemaSource<z.ZodType<Out, V>>;
  defaultValues: V | (() => V);
  /** Applied to every typed value of these fields (SPEC §5: plates and VINs in upper case). */
  uppercase?: readonly string[];
  /**
   * Rewrites the typed value of a field as the visitor types (the home plate box drops spaces and hyphens too);
   * like `uppercase`, the caret stays after what was typed.
   */
  normalise?: Partial<Record<FieldPath<V>, (value: string) => string>>;
  /**
   * Keeps the values in a sessionStorage draft under this key (lib/shop/draft-store.ts): restored after
   * hydration over the defaults (a draft of an older form version never breaks the form), written on every change.
   */
  draftKey?: string;
  /** Applied over a restored draft once (e.g. plate and VIN taken from the route). */
  overrideDraft?: (values: V) => V;
};

/** What a labelled field (TextField, SelectField, TextareaField, AuthField) takes from the form. */
export type BoundField = ReturnType<UseFormReturn['register']> & { error?: string; defaultValue?: string | number; defaultChecked?: boolean };

export type SchemaForm<V extends FieldValues, Out> = UseFormReturn<V, unknown, Out> & {
  /** register() plus the field's message; typing clears the message, leaving the field validates it again. */
  bind: (name: FieldPath<V>) => BoundField;
  /** The message of one field (dotted path) or of the form (`FORM_ERROR`). */
  errorOf: (name: FieldPath<V> | typeof FORM_ERROR) => string | undefined;
  /** Shows messages on fields (dotted paths) or on the whole form (`form`), then focuses the first invalid field. */
  showErrors: (messages: Record<string, string>) => void;
  /** A failed call's messages: a 422's field errors next to their fields, anything else on the form. */
  showFailure: (error: unknown) => void;
  /** The submit handler: validates, runs `onValid` with the parsed output, maps its failures onto the form. */
  submit: (onValid: (data: Out) => Promise<SubmitOutcome> | SubmitOutcome) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** True from a valid submit until its handler settles (and after, while a 'redirecting' handler leaves the page). */
  pending: boolean;
  /** Starts loading a lazily loaded schema. */
  preload: () => void;
  /** Forgets the sessionStorage draft (after the order is placed). */
  clearDraft: () => void;
  /**
   * Sets a value as if the visitor had changed it (controlled widgets: radio groups, pickers, lookups): the
   * form and its draft take it, its message (and the form's) is cleared. It does not start loading the schema:
   * a lookup may fill the form while the page loads (/rca/<plate>/<vin>), and building the schema reads today's
   * Bucharest day, a time-zone Intl call a page must not make while it loads; typing or the submit loads it.
   */
  change: <N extends FieldPath<V>>(name: N, value: PathValue<V, N>) => void;
};

/**
 * Every current value of the form, re-rendering the caller on each change (conditional fields, live hints,
 * controlled widgets). A hook of its own, not `watch()`, so it stays correct under the React Compiler.
 */
export function useFormValues<V extends FieldValues, Out>(form: SchemaForm<V, Out>): V {
  return useWatch({ control: form.control }) as V;
}

/** Controls already registered once: only the first registration (hydration) can find text typed before it. */
const registeredControls = new WeakSet<object>();

/** The text in a text-like control or select (not a checkbox, radio or file input), else undefined. */
function typedValue(element: unknown): string | undefined {
  if (typeof HTMLElement === 'undefined' || !(element instanceof HTMLElement)) return undefined;
  if (element instanceof HTMLInputElement) return ['checkbox', 'radio', 'file'].includes(element.type) ? undefined : element.value;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return element.value;
  return undefined;
}

/** A form on react-hook-form and a zod schema (see the module comment). */
export function useSchemaForm<V extends FieldValues, Out = V>({
  schema,
  defaultValues,
  uppercase = [],
  normalise = {},
  draftKey,
  overrideDraft,
}: Options<V, Out>): SchemaForm<V, Out> {
  const [lazy] = useState(() => lazyZodResolver<V, Out>(schema));
  const [defaults] = useState(defaultValues);
  const form = useForm<V, unknown, Out>({
    resolver: lazy.resolver,
    defaultValues: defaults as DefaultValues<V>,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    // Focus moves to the first field rendered invalid (below), which also covers controls without a ref.
    shouldFocusError: false,
  });
  const { register, clearErrors, setError, formState, handleSubmit, reset } = form;
  const [pending, setPending] = useState(false);
  const submitting = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // The form last submitted: focus stays inside it (a page may hold several forms, e.g. the security page).
  const formElement = useRef<HTMLFormElement | null>(null);
  const errors = formState.errors;
  const [override] = useState(() => overrideDraft);

  // The draft: restored once after hydration (the server HTML shows the defaults), then kept up to date.
  useEffect(() => {
    if (!draftKey) return;
    const stored = readDraft(draftKey);
    if (stored !== undefined) {
      const merged = mergeDraft(defaults, stored);
      reset(override ? override(merged) : merged, { keepDefaultValues: true });
    }
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => writeDraft(draftKey, values) });
  }, [draftKey, defaults, override, reset, form]);

  // Back from a page this form redirected to may restore it from the back/forward cache: ready again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      submitting.current = false;
      setPending(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    if (focusRequest === 0 || typeof document === 'undefined') return;
    const scope = formElement.current?.isConnected ? formElement.current : document;
    const inside = scope === document ? 'form ' : '';
    const invalid = scope.querySelector<HTMLElement>(`${inside}[aria-invalid="true"]`);
    if (invalid) {
      // A group marked invalid (radio buttons, checkboxes in a fieldset) gets focus on its first control.
      const target = invalid.matches('fieldset') ? (invalid.querySelector<HTMLElement>('input, select, textarea') ?? invalid) : invalid;
      // Brought into view below the sticky header (the page's scroll padding), even while a smooth scroll runs.
      target.focus({ preventScroll: true });
      target.scrollIntoView?.({ block: 'center', behavior: 'instant' });
    } else {
      scope.querySelector<HTMLElement>(`${inside}[data-form-error]`)?.focus();
    }
  }, [focusRequest]);

  const errorOf = (name: string) => {
    const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? message : undefined;
  };

  const bind = (name: FieldPath<V>): BoundField => {
    const fix = normalise[name] ?? (uppercase.includes(name) ? toUpperCase : undefined);
    const registered = register(name, {
      onChange: (event: { target: unknown }) => {
        if (fix) applyNormalise(event.target, fix, (value) => form.setValue(name, value as never));
        lazy.preload();
        clearErrors([name, FORM_ERROR] as never);
      },
    });
    // The default in the server HTML too (a page without JavaScript shows it; react-hook-form sets values only
    // once the page runs), as the uncontrolled control's initial value or state.
    const initial = get(defaults, name);
    const shown =
      typeof initial === 'boolean' ? { defaultChecked: initial } : typeof initial === 'string' || typeof initial === 'number' ? { defaultValue: initial } : {};
    return {
      ...registered,
      ...shown,
      // Hydration: react-hook-form puts its value (the default) into the control it registers. What a visitor typed
      // before the page's scripts ran (they load after the first paint) is kept instead, normalised.
      ref: (element: unknown) => {
        const first = typeof element === 'object' && element !== null && !registeredControls.has(element);
        const typed = first ? typedValue(element) : undefined;
        if (first) registeredControls.add(element);
        registered.ref(element as never);
        const served = typeof initial === 'string' || typeof initial === 'number' ? String(initial) : '';
        if (typed !== undefined && typed !== served) form.setValue(name, (fix ? fix(typed) : typed) as never, { shouldDirty: true });
      },
      onBlur: (event) => (leavesForSubmit(event) ? Promise.resolve() : registered.onBlur(event)),
      error: errorOf(name),
    };
  };

  const showErrors = (messages: Record<string, string>) => {
    for (const [name, message] of Object.entries(messages)) {
      setError((name === 'form' ? FORM_ERROR : name) as never, { type: 'server', message });
    }
    setFocusRequest((n) => n + 1);
  };

  const showFailure = (error: unknown) => {
    const known = new Set(Object.keys(flatten(form.getValues())));
    const messages: Record<string, string> = {};
    if (isApiError(error)) {
      for (const [path, list] of Object.entries(error.fieldErrors)) {
        const field = path.replace(/^input\./, '');
        const key = known.has(field) ? field : 'form';
        if (list[0] && !(key in messages)) messages[key] = list[0];
      }
      if (Object.keys(messages).length === 0) messages.form = error.prettyMessage || UNKNOWN_ERROR;
    } else {
      messages.form = UNKNOWN_ERROR;
    }
    showErrors(messages);
  };

  const submit =
    (onValid: (data: Out) => Promise<SubmitOutcome> | SubmitOutcome) => async (event?: BaseSyntheticEvent) => {
      event?.preventDefault?.();
      const target: unknown = event?.currentTarget ?? event?.target;
      if (typeof HTMLFormElement !== 'undefined' && target instanceof HTMLFormElement) formElement.current = target;
      if (submitting.current) return;
      submitting.current = true;
      let keepPending = false;
      try {
        await handleSubmit(
          async (data) => {
            setPending(true);
            try {
              const outcome = await onValid(data);
              keepPending = outcome === 'redirecting';
              if (outcome === 'reset') reset(defaults);
            } catch (error) {
              showFailure(error);
            }
          },
          () => setFocusRequest((n) => n + 1),
        )();
      } finally {
        if (!keepPending) {
          submitting.current = false;
          setPending(false);
        }
      }
    };

  return {
    ...form,
    bind,
    errorOf,
    showErrors,
    showFailure,
    submit,
    pending,
    preload: lazy.preload,
    clearDraft: () => {
      if (draftKey) clearDraft(draftKey);
    },
    change: (name, value) => {
      form.setValue(name, value, { shouldDirty: true });
      clearErrors([name, FORM_ERROR] as never);
    },
  } as SchemaForm<V, Out>;
}

/**
 * A controlled custom widget (OtpInput, a radio choice drawn by the form) on one field of a `useSchemaForm`
 * form: its value, a setter that, like typing into a bound field, clears the field's and the form's message,
 * the field's message, and a ref for focus. Fields of plain inputs use `bind` instead.
 */
export function useFormField<V extends FieldValues, Out, N extends FieldPath<V>>(form: SchemaForm<V, Out>, name: N) {
  const { field } = useController({ control: form.control, name });
  return {
    value: field.value as FieldPathValue<V, N>,
    onChange: (value: FieldPathValue<V, N>) => {
      field.onChange(value);
      form.preload();
      form.clearErrors([name, FORM_ERROR] as never);
    },
    ref: field.ref,
    error: form.errorOf(name),
  };
}

const toUpperCase = (value: string) => value.toUpperCase();

/**
 * Rewrites a typed value (`set` writes it through the form) and puts the caret back after what was typed: the
 * normalised text before the caret, so a removed space before it moves it left and a mid-text edit stays put.
 */
function applyNormalise(target: unknown, fix: (value: string) => string, set: (value: string) => void) {
  if (typeof HTMLInputElement === 'undefined' || !(target instanceof HTMLInputElement)) return;
  const typed = target.value;
  const next = fix(typed);
  if (next === typed) return;
  // null on inputs without a caret (email, number): nothing to put back there.
  const start = target.ownerDocument.activeElement === target ? target.selectionStart : null;
  set(next);
  if (start === null) return;
  const caret = fix(typed.slice(0, start)).length;
  target.setSelectionRange(caret, caret);
}

/**
 * True when focus leaves a field for its form's submit button: the submit validates every field anyway, and a
 * message shown on that blur would move the button away from under the pointer before the click lands.
 */
function leavesForSubmit(event: { target: unknown; relatedTarget?: unknown }): boolean {
  const next = event.relatedTarget;
  const field = event.target;
  if (typeof HTMLElement === 'undefined' || !(next instanceof HTMLElement) || !(field instanceof HTMLElement)) return false;
  const submit = next.matches('button[type="submit"], input[type="submit"]');
  return submit && next.closest('form') !== null && next.closest('form') === field.closest('form');
}

/** Every leaf of a values object as a dotted path (`vehicle.make`, `travellers.0.birth_date`). */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out[prefix] = value;
  }
  return out;
}
