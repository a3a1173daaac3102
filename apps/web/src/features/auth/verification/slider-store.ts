import { create } from 'zustand';
import { onSessionEnd } from '@/lib/session/session-events';

type SliderRequest = { id: number; promise: Promise<string | null>; resolve: (token: string | null) => void };

type SliderStore = {
  request: SliderRequest | null;
  /** Ends the open puzzle with a token (solved) or null (cancelled). */
  finish: (id: number, token: string | null) => void;
};

let nextId = 1;

export const useSliderStore = create<SliderStore>((set, get) => ({
  request: null,
  finish: (id, token) => {
    const request = get().request;
    if (!request || request.id !== id) return;
    set({ request: null });
    request.resolve(token);
  },
}));

/**
 * Opens the slider puzzle (decision 4.REG.09; mounted by <SliderHost/>) and resolves the single-use
 * sliderToken once the user solves it, or null when the user closes it. While a puzzle is open,
 * another call gets the same answer (one puzzle at a time).
 */
export function verifyWithSlider(): Promise<string | null> {
  const open = useSliderStore.getState().request;
  if (open) return open.promise;
  let resolve!: (token: string | null) => void;
  const promise = new Promise<string | null>((r) => {
    resolve = r;
  });
  useSliderStore.setState({ request: { id: nextId++, promise, resolve } });
  return promise;
}

/** Closes an open puzzle as cancelled (e.g. on logout or when its form goes away). */
export function cancelSlider(): void {
  const { request, finish } = useSliderStore.getState();
  if (request) finish(request.id, null);
}

// 4.OUT.05: a logout closes an open puzzle as cancelled.
onSessionEnd(cancelSlider);
