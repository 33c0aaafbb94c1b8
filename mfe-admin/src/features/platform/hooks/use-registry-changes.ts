import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { platformApi } from '@flashcard/api-contract';
import type { Role } from '@flashcard/shared-auth';
import { useAdminText } from '../../../i18n';

/** A canary to start or update: a sticky share of users plus a cohort that always gets it. */
export interface CanaryChange {
  version: string;
  percent: number;
  roles: Role[];
  userIds: number[];
}

export interface RegistryChanges {
  /** A change is under way: every change control waits for it. */
  busy: boolean;
  /** Makes `version` the active release of `name` (a roll back when it is older). */
  promote: (name: string, version: string, rollback: boolean) => Promise<boolean>;
  /** Starts or updates the canary of `name`. */
  setCanary: (name: string, change: CanaryChange, update: boolean) => Promise<boolean>;
  endCanary: (name: string) => Promise<boolean>;
}

/**
 * The super admin's changes. Each one, once the API accepts it, says so in a toast and reloads
 * the overview (states and audit). A refused one was already toasted by the shared client.
 */
export function useRegistryChanges(reload: () => Promise<void>): RegistryChanges {
  const t = useAdminText();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (change: () => Promise<unknown>, success: string): Promise<boolean> => {
      if (running.current) return false; // a double click sends one request
      running.current = true;
      setBusy(true);
      try {
        try {
          await change();
        } catch (err) {
          // The shared client has already toasted why; toasting here would say it twice.
          console.error('Registry change failed', err);
          return false;
        }
        toast.success(success);
        // Controls stay disabled until the screen shows the new state.
        await reload();
        return true;
      } finally {
        running.current = false;
        if (mounted.current) setBusy(false);
      }
    },
    [reload],
  );

  const promote = useCallback(
    (name: string, version: string, rollback: boolean) =>
      run(
        () => platformApi.promote(name, version),
        t(rollback ? 'platform.toasts.rolledBack' : 'platform.toasts.promoted', { name, version }),
      ),
    [run, t],
  );

  const setCanary = useCallback(
    (name: string, { version, percent, roles, userIds }: CanaryChange, update: boolean) =>
      run(
        () => platformApi.setCanary(name, { version, percent, roles, userIds }),
        roles.length > 0 || userIds.length > 0
          ? t('platform.toasts.canaryCohort', { percent, name, version })
          : t(update ? 'platform.toasts.canaryUpdated' : 'platform.toasts.canaryStarted', { percent, name, version }),
      ),
    [run, t],
  );

  // Empty cohort said outright: 0% with no roles and no accounts is what ends a canary.
  const endCanary = useCallback(
    (name: string) =>
      run(
        () => platformApi.setCanary(name, { percent: 0, roles: [], userIds: [] }),
        t('platform.toasts.canaryEnded', { name }),
      ),
    [run, t],
  );

  return { busy, promote, setCanary, endCanary };
}
