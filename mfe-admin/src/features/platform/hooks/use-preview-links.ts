import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { platformApi, type PreviewLink } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';

export interface PreviewLinks {
  /** Links made on this screen, newest first, one per version (a new one replaces the older). */
  links: PreviewLink[];
  /** The version whose link is being made, if any. */
  creating: string | null;
  create: (version: string) => Promise<void>;
}

/** Preview links of one remote's waiting releases (super admin). They are not listed by the API. */
export function usePreviewLinks(name: string): PreviewLinks {
  const t = useAdminText();
  const [links, setLinks] = useState<PreviewLink[]>([]);
  const [creating, setCreating] = useState<string | null>(null);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const create = useCallback(
    async (version: string) => {
      setCreating(version);
      try {
        const link = await platformApi.createPreview(name, version);
        if (!mounted.current) return;
        setLinks((current) => [link, ...current.filter((other) => other.version !== link.version)]);
        toast.success(t('platform.previews.created', { name, version }));
      } catch (err) {
        // The shared client has already toasted why.
        console.error('Preview link failed', err);
      } finally {
        if (mounted.current) setCreating(null);
      }
    },
    [name, t],
  );

  return { links, creating, create };
}
