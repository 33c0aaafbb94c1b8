// A feed item's sentence in the page's language, from the item's type and details (the API's
// English `message` is the fallback for an item this screen cannot word). Names stay as written;
// one never chosen is the stand-in in the page's language.
import type { FeedItem } from '@flashcard/api-contract';
import { achievementText, learnerName } from '@flashcard/shared-ui';
import type { useSocialText } from '../../i18n';

type SocialT = ReturnType<typeof useSocialText>;

export function feedText(item: FeedItem, t: SocialT): string {
  const name = learnerName(item.user);
  const { cards, accuracy, days, achievement, achievement_key: key } = item.details ?? {};
  if (item.type === 'session' && cards !== undefined && accuracy !== undefined)
    return t('feed.session', { name, count: cards, accuracy });
  if (item.type === 'streak' && days !== undefined) return t('feed.streak', { name, count: days });
  if (item.type === 'achievement' && achievement !== undefined) {
    const words = key === undefined ? achievement : achievementText(key, { name: achievement, description: '' }).name;
    return t('feed.achievement', { name, achievement: words });
  }
  return item.message;
}
