// A notification's title and message in the page's language. The API sends each notification's
// kind (`type`, the key) and `params` (the values); it also stores an English title and message,
// shown when there is nothing to word: a notification written before params existed (params
// null), or a kind or values this build does not know (a newer server).
import type { AppNotification, NotificationParams } from '@flashcard/api-contract';
import { achievementText, isKnownAchievement, learnerName } from '@flashcard/shared-ui';
import { shellText, type ShellText } from '../i18n';

export interface NotificationText {
  title: string;
  message: string;
}

type Params = NonNullable<AppNotification['params']>;
const isInt = (value: unknown): value is number => Number.isInteger(value);

/** The params of a kind, checked; null when they are not what that kind carries. */
const readers: { [K in keyof NotificationParams]: (p: Params) => NotificationParams[K] | null } = {
  daily_bonus: ({ tokens, xp }) => (isInt(tokens) && isInt(xp) ? { tokens, xp } : null),
  achievement_unlocked: ({ achievement, xp, tokens }) =>
    typeof achievement === 'string' && isInt(xp) && isInt(tokens) ? { achievement, xp, tokens } : null,
  friend_request: ({ user_id, name }) =>
    isInt(user_id) && (typeof name === 'string' || name === null) ? { user_id, name } : null,
  friend_accepted: ({ user_id, name }) =>
    isInt(user_id) && (typeof name === 'string' || name === null) ? { user_id, name } : null,
  leech: () => ({}),
};

const isKnownType = (type: string): type is keyof NotificationParams => Object.hasOwn(readers, type);

export function notificationText(notification: AppNotification, t: ShellText = shellText): NotificationText {
  const stored = { title: notification.title, message: notification.message };
  const { type, params } = notification;
  if (params === null || !isKnownType(type)) return stored;
  switch (type) {
    case 'daily_bonus': {
      const values = readers.daily_bonus(params);
      return values
        ? {
            title: t('notifications.kinds.daily_bonus.title'),
            message: t('notifications.kinds.daily_bonus.message', values),
          }
        : stored;
    }
    case 'achievement_unlocked': {
      const values = readers.achievement_unlocked(params);
      // An achievement this build does not know keeps the stored English words.
      if (!values || !isKnownAchievement(values.achievement)) return stored;
      const words = achievementText(values.achievement, { name: '', description: '' });
      return {
        title: t('notifications.kinds.achievement_unlocked.title', { name: words.name }),
        message: t('notifications.kinds.achievement_unlocked.message', {
          description: words.description,
          xp: values.xp,
          tokens: values.tokens,
        }),
      };
    }
    case 'friend_request':
    case 'friend_accepted': {
      const values = readers[type](params);
      if (!values) return stored;
      const name = learnerName({ id: values.user_id, display_name: values.name });
      return {
        title: t(`notifications.kinds.${type}.title`),
        message: t(`notifications.kinds.${type}.message`, { name }),
      };
    }
    case 'leech':
      return { title: t('notifications.kinds.leech.title'), message: t('notifications.kinds.leech.message') };
  }
}
