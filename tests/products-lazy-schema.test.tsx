import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDraftCache } from '@/lib/shop/draft-store';
import { useDraftForm } from '@/lib/shop/use-draft-form';
import { toBucharestDay } from '@/lib/time';
import { emptyRcaForm } from '@/contract/products/rca-values';
import { rcaMessages } from '@/contract/products/rca-values';

const loadRcaSchema = () => import('@/lib/validation/products/rca').then((m) => m.rcaInputSchema());

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
});

describe('purchase forms with the schema loaded on demand', () => {
  it('a blur validates the field with the loaded schema; submit resolves to null with every error shown', async () => {
    const { result } = renderHook(() => useDraftForm({ draftKey: 'rca:form', defaults: () => emptyRcaForm(toBucharestDay(new Date())), schema: loadRcaSchema }));
    act(() => result.current.field('vehicle.make').onBlur());
    await waitFor(() => expect(result.current.errors['vehicle.make']).toBe(rcaMessages.make));
    let parsed: unknown = 'unset';
    await act(async () => {
      parsed = await result.current.validate();
    });
    expect(parsed).toBeNull();
    expect(Object.keys(result.current.errors)).toEqual(expect.arrayContaining(['registration_plate', 'vin', 'vehicle.make']));
  });

  it('a schema that cannot load rejects the submit (the shop shows an error and sends nothing)', async () => {
    const { result } = renderHook(() =>
      useDraftForm({ draftKey: 'rca:form', defaults: () => emptyRcaForm(toBucharestDay(new Date())), schema: () => Promise.reject(new Error('ChunkLoadError')) }),
    );
    await expect(result.current.validate()).rejects.toThrow('ChunkLoadError');
    act(() => result.current.field('vehicle.make').onBlur());
    expect(result.current.errors).toEqual({});
  });
});
