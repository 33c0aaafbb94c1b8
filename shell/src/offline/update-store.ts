// A new release of the shell (its service worker's precache) is installed and waiting: the page
// offers to reload into it, but only where no learner is in the middle of something (the shell's
// own pages: see UpdateBadge in layout/Layout.tsx). Until then the open page keeps the release
// it started with, online or offline.
import { create } from 'zustand';

interface UpdateState {
  /** A new worker is installed and waits for this page to let it take over. */
  waiting: boolean;
  /** Lets the waiting worker take over, then reloads into the new release. */
  apply: (() => void) | null;
}

export const useUpdateStore = create<UpdateState>(() => ({ waiting: false, apply: null }));
