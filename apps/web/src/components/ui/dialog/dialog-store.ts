import { create } from 'zustand';
import type { DialogOptions } from './dialog';

type DialogEntry = {
  id: number;
  options: DialogOptions;
  resolve: (buttonIndex: number | null) => void;
};

type DialogStore = {
  dialogs: DialogEntry[];
  close: (id: number, buttonIndex: number | null) => void;
};

let nextId = 1;

export const useDialogStore = create<DialogStore>((set, get) => ({
  dialogs: [],
  close: (id, buttonIndex) => {
    const entry = get().dialogs.find((d) => d.id === id);
    if (!entry) return;
    set({ dialogs: get().dialogs.filter((d) => d.id !== id) });
    entry.resolve(buttonIndex);
  },
}));

/**
 * Shows a generic dialog from anywhere (a mounted <DialogHost/> renders it).
 * Resolves with the index of the button that closed it, or null (Escape, cover, close, timeout).
 */
export function showDialog(options: DialogOptions): Promise<number | null> {
  return new Promise((resolve) => {
    const entry: DialogEntry = { id: nextId++, options, resolve };
    useDialogStore.setState((state) => ({ dialogs: [...state.dialogs, entry] }));
  });
}

/** Closes every open imperative dialog (each resolves with null), e.g. on logout. */
export function closeAllDialogs(): void {
  const { dialogs, close } = useDialogStore.getState();
  for (const d of dialogs) close(d.id, null);
}
