// Everything the Social screen shows, loaded together, and the actions that change it. Every
// call goes through @flashcard/api-contract; after an action the lists are read again.
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import {
  gamificationApi,
  socialApi,
  type FriendRequestList,
  type Leaderboard,
  type SocialConnection,
  type SocialFeed,
  type SocialVisibility,
} from '@flashcard/api-contract';
import { getErrorMessage } from '@flashcard/shared-auth';

export interface SocialData {
  friends: SocialConnection[];
  following: SocialConnection[];
  followers: SocialConnection[];
  requests: FriendRequestList;
  feed: SocialFeed['items'];
  visibility: SocialVisibility;
  leaderboard: Leaderboard;
}

/**
 * A failed load or action: the API's own text (or the kernel's network message), else nothing,
 * and the screen says it in the page's language ('social.loadFailed', 'social.actionFailed').
 */
export interface Failure {
  message?: string;
}

async function fetchSocial(): Promise<{ data: SocialData } | { error: Failure }> {
  try {
    const [friends, following, followers, requests, feed, privacy, leaderboard] = await Promise.all([
      socialApi.friends(),
      socialApi.following(),
      socialApi.followers(),
      socialApi.friendRequests(),
      socialApi.feed(),
      socialApi.privacy(),
      gamificationApi.leaderboard(),
    ]);
    return {
      data: {
        friends,
        following,
        followers,
        requests,
        feed: feed.items,
        visibility: privacy.visibility,
        leaderboard,
      },
    };
  } catch (error) {
    return { error: { message: getErrorMessage(error) } };
  }
}

export function useSocial() {
  const [data, setData] = useState<SocialData | null>(null);
  const [loadError, setLoadError] = useState<Failure | null>(null);
  const [actionError, setActionError] = useState<Failure | null>(null);

  const apply = useCallback((result: { data: SocialData } | { error: Failure }) => {
    if ('data' in result) {
      setData(result.data);
      setLoadError(null);
    } else {
      setLoadError(result.error);
    }
  }, []);

  const load = useCallback(async () => apply(await fetchSocial()), [apply]);

  useEffect(() => {
    let mounted = true;
    void fetchSocial().then((result) => {
      if (mounted) apply(result);
    });
    return () => {
      mounted = false;
    };
  }, [apply]);

  /** Runs an action, announces its success, reloads; a failure is shown beside the lists. */
  const run = useCallback(
    async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
      try {
        await action();
        setActionError(null);
        toast.success(success);
        await load();
        return true;
      } catch (error) {
        setActionError({ message: getErrorMessage(error) });
        return false;
      }
    },
    [load],
  );

  return { data, loadError, actionError, reload: load, run };
}
