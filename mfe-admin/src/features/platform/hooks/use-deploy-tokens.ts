import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { platformApi, type CreateDeployTokenBody, type DeployToken } from '@flashcard/api-contract';
import { useLoad } from '@flashcard/shared-ui';
import { useAdminText } from '../../../i18n';

export interface DeployTokens {
  tokens: DeployToken[] | null;
  loading: boolean;
  error: unknown;
  reload: () => void;
  /** A create or revoke is under way. */
  busy: boolean;
  /** Resolves with the token text (shown once), or null when the API refused. */
  create: (body: CreateDeployTokenBody) => Promise<string | null>;
  revoke: (token: DeployToken) => Promise<boolean>;
}

const listTokens = () => platformApi.tokens();

/** The deploy tokens (super admin only: the API answers 403 to anyone else). */
export function useDeployTokens(): DeployTokens {
  const t = useAdminText();
  const { state, reload } = useLoad(listTokens);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** One change at a time (a double click sends one request); a refusal was toasted by the shared client. */
  const run = useCallback(async <T>(change: () => Promise<T>): Promise<T | null> => {
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    try {
      return await change();
    } catch (err) {
      console.error('Deploy token change failed', err);
      return null;
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);

  const create = useCallback(
    async (body: CreateDeployTokenBody) => {
      const created = await run(() => platformApi.createToken(body));
      if (!created) return null;
      toast.success(t('platform.tokens.createdToast', { label: created.deployToken.label }));
      reload();
      return created.token;
    },
    [run, reload, t],
  );

  const revoke = useCallback(
    async (token: DeployToken) => {
      const done = await run(async () => {
        await platformApi.revokeToken(token.id);
        return true;
      });
      if (!done) return false;
      toast.success(t('platform.tokens.revokedToast', { label: token.label }));
      reload();
      return true;
    },
    [run, reload, t],
  );

  return {
    tokens: state.data ?? null,
    loading: state.status === 'loading',
    error: state.status === 'failed' ? state.error : null,
    reload,
    busy,
    create,
    revoke,
  };
}
