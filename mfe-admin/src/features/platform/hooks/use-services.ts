import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { platformApi, type RegisterServiceBody, type ServicesOverview } from '@flashcard/api-contract';
import { toastFailure, useLoad } from '@flashcard/shared-ui';
import { useAdminText } from '../../../i18n';

export interface Services {
  overview: ServicesOverview | null;
  loading: boolean;
  error: unknown;
  /** Loads the list again; each row then probes its service again (`round` changes). */
  reload: () => void;
  /** Counts the list's loads: a row's health is read again whenever it changes. */
  round: number;
  /** A register or remove is under way. */
  busy: boolean;
  /** Resolves true once the API registered it; a refusal is toasted with the API's reason. */
  register: (body: RegisterServiceBody) => Promise<boolean>;
  remove: (name: string) => Promise<boolean>;
}

const listServices = () => platformApi.services();

/** The gateway's registered services and their latest registrations and removals. */
export function useServices(): Services {
  const t = useAdminText();
  const { state, reload: reloadList } = useLoad(listServices);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reload = useCallback(() => {
    setRound((current) => current + 1);
    reloadList();
  }, [reloadList]);

  /** One change at a time: a double click sends one request. */
  const run = useCallback(
    async (change: () => Promise<unknown>, success: string, failure: string): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      try {
        await change();
      } catch (err) {
        // The API's own words say what to fix (a taken name, a refused address).
        toastFailure(failure, err, { withReason: true });
        return false;
      } finally {
        running.current = false;
        if (mounted.current) setBusy(false);
      }
      toast.success(success);
      reload();
      return true;
    },
    [reload],
  );

  const register = useCallback(
    (body: RegisterServiceBody) =>
      run(
        () => platformApi.registerService(body),
        t('platform.services.registeredToast', { name: body.name }),
        t('platform.services.registerFailed', { name: body.name }),
      ),
    [run, t],
  );

  const remove = useCallback(
    (name: string) =>
      run(
        () => platformApi.removeService(name),
        t('platform.services.removedToast', { name }),
        t('platform.services.removeFailed', { name }),
      ),
    [run, t],
  );

  return {
    overview: state.data ?? null,
    loading: state.status === 'loading',
    error: state.status === 'failed' ? state.error : null,
    reload,
    round,
    busy,
    register,
    remove,
  };
}
