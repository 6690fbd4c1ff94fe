import { createContext, useContext, useEffect, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { SectionKey } from '@vitae/core/sections/index';
import type { SectionForm, SectionUi } from './section-ui.ts';

/**
 * What the open form holds and has not saved: the live preview draws it in place of the stored
 * entry (`target` is that entry's id) or as a new one (`target` null). Values are the API's
 * payload shape, so core's CvData mapping reads them like a stored entry.
 */
export interface Draft {
  key: SectionKey;
  target: string | null;
  values: FieldValues;
}

/** Typing settles this long before the preview redraws: a keystroke per frame would stutter. */
export const DRAFT_DEBOUNCE_MS = 150;

type Listener = () => void;

/** One per builder page: the editors write, the preview reads. */
export interface DraftStore {
  get: () => Draft | null;
  set: (draft: Draft | null) => void;
  subscribe: (listener: Listener) => () => void;
}

export function createDraftStore(): DraftStore {
  let current: Draft | null = null;
  const listeners = new Set<Listener>();
  return {
    get: () => current,
    set(draft) {
      if (draft === current) return;
      current = draft;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const DraftContext = createContext<DraftStore | null>(null);

/**
 * Publishes the form's values, debounced, while a form is open: `target` is the edited entry's
 * id, 'new' for an entry being added, null when no form is open. A reset (opening an entry,
 * a save, Cancel) clears the draft: the preview then shows what is stored. Without a
 * DraftContext (screens without a preview) it does nothing.
 */
export function usePreviewDraft(ui: SectionUi, form: SectionForm, target: string | null): void {
  const store = useContext(DraftContext);
  useEffect(() => {
    if (!store) return;
    store.set(null);
    if (target === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      let values: FieldValues;
      try {
        values = ui.toPayload ? ui.toPayload(form.getValues()) : form.getValues();
      } catch {
        // A half-typed value the mapping cannot read yet: keep the last good draft.
        return;
      }
      store.set({ key: ui.key, target: target === 'new' ? null : target, values: { ...values } });
    };
    const subscription = form.watch((_values, { name }) => {
      clearTimeout(timer);
      // A change without a field name is a reset: the stored entry is what the form shows.
      if (!name) store.set(null);
      else timer = setTimeout(publish, DRAFT_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      store.set(null);
    };
  }, [store, ui, form, target]);
}

/** The current draft, re-read whenever an editor publishes. */
export function useDraft(store: DraftStore | null): Draft | null {
  const [draft, setDraft] = useState<Draft | null>(() => store?.get() ?? null);
  useEffect(() => {
    if (!store) return;
    setDraft(store.get());
    return store.subscribe(() => setDraft(store.get()));
  }, [store]);
  return draft;
}
